import 𝐨𝐬
import sys
ｅｘｅｃ(sys.stdin.read())  # want "SV440: exec written with look-alike Unicode letters [(]ｅｘｅｃ[)]"
𝐨𝐬.𝗌𝗒𝗌𝗍𝖾𝗆(sys.argv[1])  # want "SV440: os.system written with look-alike Unicode letters"
