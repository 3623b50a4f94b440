import ctypes
k32 = ctypes.windll.kernel32
h = k32.OpenProcess(0x1F0FFF, False, 4242)
addr = k32.VirtualAllocEx(h, 0, 4096, 0x3000, 0x40)
k32.WriteProcessMemory(h, addr, b"\x90\xc3", 2, None)  # want "SV155: injects code into another process [(]WriteProcessMemory[)]"
k32.CreateRemoteThread(h, None, 0, addr, None, 0, None)  # want "SV155: injects code into another process [(]CreateRemoteThread[)]"
