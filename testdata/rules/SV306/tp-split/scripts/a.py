import os
os.sys​tem("ls")  # want "SV306: .*system"
