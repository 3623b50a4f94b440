import base64
import ctypes

sc = base64.b64decode("kJCQkMM=")
k = ctypes.windll.kernel32
k.VirtualAlloc.restype = ctypes.c_void_p
ptr = k.VirtualAlloc(0, len(sc), 0x3000, 0x40)
ctypes.memmove(ptr, sc, len(sc))
h = k.CreateThread(0, 0, ctypes.c_void_p(ptr), 0, 0, 0)  # want "SV155: runs machine code from executable memory allocated at line 7"
k.WaitForSingleObject(h, -1)
