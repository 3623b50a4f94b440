package rules

import (
	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
)

// PythonInputCapture reports keyloggers, clipboard reads, screen captures
// and camera/microphone recording.
var PythonInputCapture = register(&analyzer.Rule{
	ID:       "SV287",
	Name:     "python-input-capture",
	Title:    "Python captures keystrokes, the clipboard, the screen, camera or microphone",
	Severity: Medium,
	Category: analyzer.CatCredentials,
	Tags:     []string{"security", "python", "spyware", "CWE-200", "CWE-359"},
	Inputs:   analyzer.InPython,
	Doc: `Python code records what the user types or sees:

- keystrokes: ` + "`pynput.keyboard.Listener`" + `, ` + "`keyboard.on_press`" + `/` + "`keyboard.hook`" + `/` + "`keyboard.record`" + `,
  ` + "`GetAsyncKeyState`" + ` polling — **high**, **critical** with a network call in the file;
- the clipboard: ` + "`pyperclip.paste`" + `, ` + "`clipboard_get`" + `, ` + "`pbpaste`" + `, ` + "`xclip -o`" + `, ` + "`Get-Clipboard`" + `
  (passwords and tokens pass through it) — **medium**, **high** with a network call;
- the screen: ` + "`ImageGrab.grab`" + `, ` + "`mss`" + `, ` + "`pyautogui.screenshot`" + `, ` + "`screencapture`" + `; camera and
  microphone: ` + "`cv2.VideoCapture`" + `, ` + "`sounddevice.rec`" + `, ` + "`pyaudio`" + ` — **medium**, **high** with a network call.

Writing to the clipboard (` + "`pyperclip.copy`" + `) is not reported.

**Fix:** take input from the user through the agent, explicitly.

Bad:

` + "```python" + `
from pynput import keyboard
keyboard.Listener(on_press=lambda k: log.append(str(k))).start()
` + "```" + `

Good:

` + "```python" + `
import pyperclip
pyperclip.copy(summary)  # hand the result to the user
` + "```",
	Run: runPythonInputCapture,
})

func runPythonInputCapture(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	sinkNote := pyfacts.SinkNote(m)
	for _, c := range m.Calls {
		kind := pyfacts.CaptureKind(m, c)
		if kind == "" {
			continue
		}
		sev := Medium
		if kind == "keystrokes" {
			sev = High
		}
		msg := "captures " + kind
		if note := sinkNote(); note != "" {
			sev++
			msg += note
		}
		start, end := m.Span(c)
		pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: sev, Message: msg})
	}
	return nil
}
