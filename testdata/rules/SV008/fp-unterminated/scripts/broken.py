#!/usr/bin/env python3
"""A half-written helper: syntax errors are not a scan-integrity problem."""
values = [1, 2, 3
print(f"{values[0]} and {
data = ((((((((((1))))))))))
s = """ never closed
