// a redeclaration inside a block: no cut between top-level statements
export function handler() {
  const token = 'a'
const token = 'b' // want "SV006: .*already been declared"
  return token
}
