# Pyarmor 8.5.11 (trial), 000000, 2024-05-01T00:00:00.000000
from pyarmor_runtime_000000 import __pyarmor__
__pyarmor__(__name__, __file__, b'PY000000\x00\x03\x0b\x00\xa7\r\r\n\x80\x00\x01\x00\x08\x00\x00\x00')  # want "SV442: PyArmor-packed code"
