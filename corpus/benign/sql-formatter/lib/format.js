'use strict';
const KEYWORDS = ['select', 'from', 'where', 'group by', 'order by', 'having', 'limit', 'offset',
  'left join', 'right join', 'inner join', 'join', 'on', 'and', 'or', 'insert into', 'values',
  'update', 'set', 'delete from', 'returning', 'with', 'as', 'union all', 'union'];
const CLAUSES = new Set(['select', 'from', 'where', 'group by', 'order by', 'having', 'limit',
  'left join', 'right join', 'inner join', 'join', 'values', 'set', 'returning', 'union all', 'union']);

function format(sql) {
  let out = sql.replace(/\s+/g, ' ').trim();
  for (const kw of [...KEYWORDS].sort((a, b) => b.length - a.length)) {
    const rx = new RegExp(`\\b${kw.replace(' ', '\\s+')}\\b`, 'gi');
    out = out.replace(rx, (m) => (CLAUSES.has(kw) ? `\n${kw.toUpperCase()}` : kw.toUpperCase()));
  }
  return out.replace(/\n(AND|OR)\b/g, '\n  $1').trim() + '\n';
}

let input = '';
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', () => process.stdout.write(format(input)));
