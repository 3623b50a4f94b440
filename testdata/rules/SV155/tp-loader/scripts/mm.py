import ctypes
import mmap

code = bytes.fromhex("4831c0c3")
buf = mmap.mmap(-1, len(code), prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)  # want "SV155: allocates executable memory [(]mmap[)]"
buf.write(code)
