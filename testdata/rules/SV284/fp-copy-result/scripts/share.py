"""Copy a summary; mention wallets in text only."""
import pyperclip

summary = "Paid invoice 42 from the company wallet"
pyperclip.copy(summary)
current = pyperclip.paste()
print(current)
