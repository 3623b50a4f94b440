package intel

import "github.com/skillvet/skillvet/parse/rxlit"

var secretEnvNameRx = rxlit.MustRx(`(?i)(?:^|_)(?:API_?KEY|KEY|SECRET|TOKEN|PASSWORD|PASSWD|PWD|ACCESS_KEY|PRIVATE_KEY|CREDENTIALS?|AUTH|COOKIE|SESSION)(?:_|$)`)

// SecretEnvName reports whether an environment variable's name says it
// holds a credential (OPENAI_API_KEY, GITHUB_TOKEN, DB_PASSWORD).
func SecretEnvName(name string) bool { return secretEnvNameRx.MatchString(name) }
