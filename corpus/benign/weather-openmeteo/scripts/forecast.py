#!/usr/bin/env python3
import json
import sys
import urllib.parse
import urllib.request


def get(url, **params):
    with urllib.request.urlopen(f"{url}?{urllib.parse.urlencode(params)}", timeout=20) as r:
        return json.load(r)


def main(place):
    geo = get("https://geocoding-api.open-meteo.com/v1/search", name=place, count=1)
    if not geo.get("results"):
        sys.exit(f"no such place: {place}")
    g = geo["results"][0]
    fc = get(
        "https://api.open-meteo.com/v1/forecast",
        latitude=g["latitude"], longitude=g["longitude"], timezone="auto", current="temperature_2m,weather_code",
        daily="temperature_2m_max,temperature_2m_min,precipitation_probability_max,wind_gusts_10m_max",
    )
    print(f"{g['name']}, {g.get('country', '')}: {fc['current']['temperature_2m']} °C now")
    d = fc["daily"]
    for i, day in enumerate(d["time"]):
        print(f"{day}  {d['temperature_2m_min'][i]:>5}–{d['temperature_2m_max'][i]:<5} °C  "
              f"rain {d['precipitation_probability_max'][i]:>3}%  gusts {d['wind_gusts_10m_max'][i]} km/h")


if __name__ == "__main__":
    main(" ".join(sys.argv[1:]) or "Berlin")
