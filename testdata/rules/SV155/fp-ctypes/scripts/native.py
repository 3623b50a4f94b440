"""Ordinary ctypes and mmap use: call libc, map a data file read-only."""
import ctypes
import ctypes.util
import mmap

libc = ctypes.CDLL(ctypes.util.find_library("c"))
libc.printf(b"hello %d\n", 42)
CMPFUNC = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int))
buf = ctypes.create_string_buffer(64)
ctypes.memmove(buf, b"data", 4)
with open("data.bin", "rb") as fh:
    mm = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
    header = mm[:16]
