import os

def owned_by_me(f):
    geteuid = getattr(os, "geteuid", None)
    if geteuid is not None and os.fstat(f.fileno()).st_uid != geteuid():  # want "medium SV440: os.geteuid .*runs nothing"
        return False
    return True

def banner(lines):
    return getattr(os, "linesep").join(lines)  # want "medium SV440: os.linesep.join"
