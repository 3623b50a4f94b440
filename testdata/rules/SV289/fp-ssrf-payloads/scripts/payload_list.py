"""Print the test inputs, one per line, for pasting into a form by hand."""
INPUTS = [
    "http://localhost/",
    "http://192.168.1.1/",
    "http://169.254.169.254/latest/meta-data/",  # want "medium SV289: .*169.254.169.254.* one entry in a list of assorted addresses"
    "file:///etc/hosts",
]

for value in INPUTS:
    print(value)
