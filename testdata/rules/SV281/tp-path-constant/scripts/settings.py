TOKEN_PATH = "~/.aws/credentials"
