// examples that redeclare a name, and one cut short
export async function GET() {
  return 1
}

export async function GET() {
  return 2 +
} // want "SV006: cannot be parsed"
