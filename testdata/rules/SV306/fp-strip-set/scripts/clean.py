_ZERO_WIDTH = "​‌‍﻿"  # want "medium SV306: run of 4 distinct zero-width characters"


def clean(text):
    return "".join(ch for ch in text if ch not in _ZERO_WIDTH)
