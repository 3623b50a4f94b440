package rules

import (
	"regexp"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/parse/python"
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

var pyCaptureCmdRx = regexp.MustCompile(`(?i)(^|\s|/)(pbpaste|xclip\s+[^|;&]*-o|xsel\s+[^|;&]*(-o|--output)|wl-paste|Get-Clipboard|screencapture|import\s+-window\s+root|scrot|ffmpeg\s+[^|;&]*(avfoundation|x11grab|dshow|v4l2))\b`)

var (
	pyClipCmdRx = regexp.MustCompile(`(?i)paste|xclip|xsel|clipboard`)
	pyCamCmdRx  = regexp.MustCompile(`(?i)avfoundation|dshow|v4l2`)
)

// pyCaptureKind classifies a capture call: "keystrokes", "clipboard",
// "screen", "camera or microphone", or "".
func pyCaptureKind(m *python.Module, c *python.Call) string {
	n := c.Name
	last := pyLastName(n)
	switch {
	case hasPrefixAny(n, "pynput.keyboard.Listener", "pynput.keyboard.Events", "pyHook.", "pyxhook."),
		hasPrefixAny(n, "keyboard.") && (last == "on_press" || last == "on_release" || last == "hook" || last == "record" || last == "start_recording"),
		last == "GetAsyncKeyState" || last == "SetWindowsHookExA" || last == "SetWindowsHookExW" || last == "GetKeyboardState":
		return "keystrokes"
	case n == "pyperclip.paste" || last == "clipboard_get" || n == "win32clipboard.GetClipboardData" || n == "clipboard.paste" ||
		hasPrefixAny(n, "tkinter.Tk().clipboard_get"):
		return "clipboard"
	case hasPrefixAny(n, "PIL.ImageGrab.grab", "ImageGrab.grab", "pyautogui.screenshot", "mss.mss().grab", "mss.mss().shot",
		"pyscreenshot.grab", "mss.mss"):
		if n == "mss.mss" {
			return ""
		}
		return "screen"
	case hasPrefixAny(n, "cv2.VideoCapture", "sounddevice.rec", "sounddevice.InputStream", "pyaudio.PyAudio().open"):
		return "camera or microphone"
	case last == "grab" || last == "shot":
		if pyReceiverFrom(m, c, "mss.") {
			return "screen"
		}
	}
	if cmd, ok := pyCommandText(m, c); ok {
		if loc := pyCaptureCmdRx.FindString(cmd); loc != "" {
			switch {
			case pyClipCmdRx.MatchString(loc):
				return "clipboard"
			case pyCamCmdRx.MatchString(loc):
				return "camera or microphone"
			}
			return "screen"
		}
	}
	return ""
}

func runPythonInputCapture(p *analyzer.Pass) error {
	m := pyModule(p)
	if m == nil {
		return nil
	}
	sinkNote := pySinkNote(m)
	for _, c := range m.Calls {
		kind := pyCaptureKind(m, c)
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
		pyReport(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: sev, Message: msg})
	}
	return nil
}
