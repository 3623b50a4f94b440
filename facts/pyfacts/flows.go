package pyfacts

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/skillvet/skillvet/parse/python"
)

// FromSocketRecv reports whether tokens [a, b) derive from data received
// on a socket.
func FromSocketRecv(m *python.Module, a, b int) (python.Ref, bool) {
	return m.Derives("recv", a, b, func(r python.Ref) bool { return isRecvCall(m, r) })
}

var pySendKeywords = map[string]bool{"data": true, "json": true, "files": true, "body": true, "content": true}

// Sends reports whether a network call carries a payload.
func Sends(m *python.Module, c *python.Call) bool {
	last := LastName(c.Name)
	switch last {
	case "post", "put", "patch", "send", "sendall", "sendto", "sendmail", "send_message", "storbinary", "storlines":
		return true
	case "urlopen", "Request":
		_, ok := c.Arg(1, "data")
		return ok
	case "request":
		if a, ok := c.Arg(0, "method"); ok {
			if v, ok := m.Fold(a.Start, a.End); ok && strings.EqualFold(v, "GET") {
				return false
			}
		}
	}
	for _, a := range c.Args {
		if pySendKeywords[a.Keyword] {
			return true
		}
	}
	return false
}

var pyCaptureCmdRx = match.MustRx(`(?i)(^|\s|/)(pbpaste|xclip\s+[^|;&]*-o|xsel\s+[^|;&]*(-o|--output)|wl-paste|Get-Clipboard|screencapture|import\s+-window\s+root|scrot|ffmpeg\s+[^|;&]*(avfoundation|x11grab|dshow|v4l2))\b`)

var (
	pyClipCmdRx = match.MustRx(`(?i)paste|xclip|xsel|clipboard`)
	pyCamCmdRx  = match.MustRx(`(?i)avfoundation|dshow|v4l2`)
)

// CaptureKind classifies a capture call: "keystrokes", "clipboard",
// "screen", "camera or microphone", or "".
func CaptureKind(m *python.Module, c *python.Call) string {
	n := c.Name
	last := LastName(n)
	switch {
	case HasPrefixAny(n, "pynput.keyboard.Listener", "pynput.keyboard.Events", "pyHook.", "pyxhook."),
		HasPrefixAny(n, "keyboard.") && (last == "on_press" || last == "on_release" || last == "hook" || last == "record" || last == "start_recording"),
		last == "GetAsyncKeyState" || last == "SetWindowsHookExA" || last == "SetWindowsHookExW" || last == "GetKeyboardState":
		return "keystrokes"
	case n == "pyperclip.paste" || last == "clipboard_get" || n == "win32clipboard.GetClipboardData" || n == "clipboard.paste" ||
		HasPrefixAny(n, "tkinter.Tk().clipboard_get"):
		return "clipboard"
	case HasPrefixAny(n, "PIL.ImageGrab.grab", "ImageGrab.grab", "pyautogui.screenshot", "mss.mss().grab", "mss.mss().shot",
		"pyscreenshot.grab", "mss.mss"):
		if n == "mss.mss" {
			return ""
		}
		return "screen"
	case HasPrefixAny(n, "cv2.VideoCapture", "sounddevice.rec", "sounddevice.InputStream", "pyaudio.PyAudio().open"):
		return "camera or microphone"
	case last == "grab" || last == "shot":
		if ReceiverFrom(m, c, "mss.") {
			return "screen"
		}
	}
	if cmd, ok := CommandText(m, c); ok {
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

// ReachesCall reports whether the value of token tok (a literal) reaches
// the arguments of a call that pred accepts: written inside them, or
// assigned to a variable that such a call uses, following assignments up
// to four levels (HOSTS = ['169.254.169.254']; for h in HOSTS: get(f"http://{h}/")).
// A literal that reaches no such call is data: a blocklist entry, a
// comparison, a message.
func ReachesCall(m *python.Module, tok int, pred func(*python.Call) bool) bool {
	var calls []*python.Call
	for _, c := range m.Calls {
		if pred(c) {
			if c.Open < tok && tok < c.Close {
				return true
			}
			calls = append(calls, c)
		}
	}
	if len(calls) == 0 {
		return false
	}
	holds := func(lo, hi int, names map[string]bool) bool {
		for _, r := range m.RefsIn(lo, hi) {
			if r.Var != "" && names[r.Var] || r.Attr != "" && names[r.Attr] {
				return true
			}
		}
		return false
	}
	names := map[string]bool{}
	for name, as := range m.Assigns {
		for _, a := range as {
			if a.Start <= tok && tok < a.End {
				names[name] = true
			}
		}
	}
	for round := 0; round < 4 && len(names) > 0; round++ {
		for _, c := range calls {
			if holds(c.Open+1, c.Close, names) {
				return true
			}
		}
		next := map[string]bool{}
		for name, as := range m.Assigns {
			if names[name] {
				continue
			}
			for _, a := range as {
				if holds(a.Start, a.End, names) {
					next[name] = true
					break
				}
			}
		}
		for n := range next {
			names[n] = true
		}
		if len(next) == 0 {
			break
		}
	}
	return false
}
