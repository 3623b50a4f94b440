"""Put the result on the clipboard and save a chart image."""
import pyperclip
import matplotlib.pyplot as plt

summary = "3 files changed"
pyperclip.copy(summary)
plt.plot([1, 2, 3])
plt.savefig("chart.png")
