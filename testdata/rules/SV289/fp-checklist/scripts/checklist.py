CHECKS = [
    ("SSRF-01", "Submit http://169.254.169.254/ and http://127.0.0.1 in every URL field."),  # want "low SV289: names the cloud metadata address .* a sentence"
    ("SSRF-02", "Try a DNS rebinding host against the allowlist."),
]

MARK = {"SSRF-01": "!"}

for check_id, text in CHECKS:
    print(MARK.get(check_id, " "), check_id, text)
