// Two examples in one file: the second redeclares the first one's handler
// and uses the child_process import only the first one made.
import { execSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

export function handle() {
  return readFileSync('a.txt', 'utf8')
}

// example 2
const target = process.argv[2]
export function handle() {
  return execSync(`ping -c 1 ${target}`) // want "high SV101: .*splices user input"
}
