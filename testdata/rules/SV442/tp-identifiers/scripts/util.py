O0O0OO0O = -1  # want "SV442: 11 obfuscated identifiers"
O0O0OO0O = 0
OO00O0O0 = 1
O000OOO0 = 2
OOO0O00O = 3
O0OO0O00 = 4
lIlIIlIl = 5
IlIlIIll = 6
lllIIlII = 7
_0x3fa2 = 8
_0x1b9c = 9
__________ = 10
print(O0O0OO0O + OO00O0O0 + O000OOO0 + OOO0O00O + O0OO0O00 + lIlIIlIl + IlIlIIll + lllIIlII + _0x3fa2 + _0x1b9c + __________)
