import keyboard
keyboard.on_press(lambda e: print(e.name))  # want "SV287: captures keystrokes$"
