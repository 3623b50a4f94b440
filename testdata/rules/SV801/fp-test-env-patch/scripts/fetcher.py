import os
import sys
import urllib.request


class SameSiteRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        if req.data is not None and os.environ.get("FETCHER_STRICT") == "1":
            return None
        return super().redirect_request(req, fp, code, msg, headers, newurl)


if __name__ == "__main__":
    opener = urllib.request.build_opener(SameSiteRedirects())
    print(opener.open(sys.argv[1], timeout=10).read()[:200])
