#!/usr/bin/env python3
"""Regenerates the count tables of corpus/README.md from corpus/labels.yaml.

Usage, from the project root: scripts/corpus-counts.py   (needs PyYAML)
"""
import yaml,collections,re
d=yaml.safe_load(open('corpus/labels.yaml'))['skills']
fam=collections.Counter(); prim=collections.Counter(); fc=collections.defaultdict(set)
cm=collections.Counter(); cb=collections.Counter()
for x in d:
    for c in x['carriers']:
        (cm if x['label']=='malicious' else cb)[c]+=1
    if x['label']!='malicious': continue
    for f in x['families']:
        fam[f]+=1; fc[f].update(x['carriers'])
    prim[x['families'][0]]+=1
order=["prose","code-block","bang-command","html-comment","frontmatter","reference","js","ts","shell","python","powershell","bytecode","config"]
p='corpus/README.md'
s=open(p).read()
for f in fam:
    carr=", ".join(c for c in order if c in fc[f])
    s=re.sub(r'^\| %s \| \d+ \|.*$'%f, '| %s | %d | %d | %s |'%(f,fam[f],prim[f],carr), s, flags=re.M)
for c in order:
    s=re.sub(r'^\| %s \| \d+ \| \d+ \|$'%re.escape(c), '| %s | %d | %d |'%(c,cm[c],cb[c]), s, flags=re.M)
nm=sum(1 for x in d if x['label']=='malicious'); nb=len(d)-nm
s=re.sub(r'^\| \*\*total\*\* \| \*\*\d+\*\* \| \*\*\d+\*\* \|$', '| **total** | **%d** | **%d** |'%(nm,nb), s, flags=re.M)
open(p,'w').write(s)
