// neither TypeScript nor TSX: an unclosed tag and a missing brace
const size = <number>readSize();
export const view = () => <section>{size;  // want "SV006: cannot be parsed"
