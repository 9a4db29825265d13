#!/bin/sh
# The verdict where people share it, for one build directory: goldens of
# check's mail, eml, Markdown and JUnit for the samples and every
# fixture of tests/analysis/; the eml as a mail program reads it
# (Python's email module, when python3 is there) with PNG attachments;
# lines of at most 72 columns with no word cut; headline counts that add
# up to the runs; Markdown links that lead to pages a build writes.
# Prints "ok NAME" / "FAIL: NAME" lines that tests/run.sh counts;
# UPDATE=1 rewrites the goldens.
# usage: sh tests/share.sh BUILD_DIR TMPDIR

b=$1
tmp=$2/share
cd "$(dirname "$0")/.." || exit 4
rm -rf "$tmp" && mkdir -p "$tmp" || exit 4
bin=$b/benchsite
say_ok() { echo "ok $*"; }
say_bad() { echo "FAIL: $*"; }

# golden NAME FILE CMD...: the output of CMD must equal FILE.
golden() {
	name=$1 want=$2
	shift 2
	"$@" >"$tmp/out" 2>/dev/null
	[ -n "$UPDATE" ] && cp "$tmp/out" "$want"
	if cmp -s "$tmp/out" "$want"; then say_ok "$name"; else
		say_bad "$name"; diff -u "$want" "$tmp/out" | head -20; fi
}

# The message without its attachments' base64 (the charts are tested
# as PNGs below and in tests/charts).
eml_text() {
	SOURCE_DATE_EPOCH=1700000000 "$bin" check --format eml "$@" |
		awk '/^Content-Transfer-Encoding: base64/ { skip = 1 }
		    /^--=_benchsite_part/ { skip = 0 } !skip'
}

mkdir -p tests/share/fixtures
for d in samples tests/analysis/*/input; do
	n=$(echo "${d%/input}" | sed 's|.*/||')
	g=tests/share/fixtures/$n
	golden "$b share mail $n" "$g.mail.txt" "$bin" check --format mail "$d"
	golden "$b share markdown $n" "$g.md" "$bin" check --format markdown \
		--site-url https://bench.example.org/site/ "$d"
	golden "$b share junit $n" "$g.junit.xml" "$bin" check --format junit "$d"
	golden "$b share eml $n" "$g.eml" eml_text "$d"
	# Every group's sentence in the digest, word for word: the wrapped
	# lines joined again give it back, so no word was cut.
	"$bin" check --format json "$d" 2>/dev/null >"$tmp/json"
	"$bin" check --format mail --utf8 "$d" 2>/dev/null >"$tmp/mail"
	python3 - "$tmp/json" "$tmp/mail" <<'EOF' >"$tmp/words" 2>&1 ||
import json, sys
v = json.load(open(sys.argv[1]))["verdict"]
flat = " ".join(open(sys.argv[2], encoding="utf-8").read().split())
for g in v["groups"]:
    if g["section"] in ("fails", "shared") and g["text"] not in flat:
        print("cut or missing:", g["text"][:60])
        sys.exit(1)
runs = v["runs"]
if sum(runs.values()) != len(json.load(open(sys.argv[1]))["runs"]):
    print("outcomes do not add up:", runs)
    sys.exit(1)
head = v["headline"].rstrip(".").split(": ", 1)
total = int(head[0].split()[0])
parts = head[1].split(", ") if len(head) > 1 else []
if sum(int(p.split()[0]) for p in parts) != total:
    print("headline does not add up:", v["headline"])
    sys.exit(1)
EOF
	{ say_bad "$b share words and counts $n"; cat "$tmp/words"; continue; }
	say_ok "$b share words and counts $n"
done

# A meta line not read: the digest says so first, as check's exit 2 does.
# A row that says FAIL beside no failing figure (a file test fails, the
# columns are block I/O) is followed by what failed, in both tables.
for f in mail markdown; do
	"$bin" check --format $f tests/cases/ci-bonnie-file-test-swing/input \
		2>/dev/null | tr '\n' ' ' | tr -s ' ' >"$tmp/unshown"
	grep -q 'Failing, not in the table: vm12/2026-07-03: Random create\.' \
		"$tmp/unshown" && say_ok "$f names the failing figures no column shows" ||
		say_bad "$f: no note of the failing figures no column shows"
done

golden "$b share mail of input not read" tests/share/mail-unread.txt \
	"$bin" check --format mail tests/share/unread/input

# At most 72 columns (UTF-8 characters) in every digest and eml body.
long=$(cat tests/share/fixtures/*.mail.txt tests/share/mail*.txt |
	awk '{ n = 0; s = $0
	while (length(s)) { c = substr(s, 1, 1); s = substr(s, 2)
		if (c !~ /[\200-\277]/) n++ }
	if (n > 72) print }' | head -3)
[ -z "$long" ] && say_ok "mail within 72 columns" ||
	say_bad "mail over 72 columns: $long"
n=$(wc -l <tests/share/fixtures/samples.mail.txt)
[ "$n" -le 64 ] && say_ok "mail of samples: $n lines" ||
	say_bad "mail of samples: $n lines, over about 60 (64)"

# The eml as mail programs read it: no defects, the headline as Subject,
# a UTF-8 text part, and each chart a PNG named run--metric.png.
SOURCE_DATE_EPOCH=1700000000 "$bin" check --format eml -o "$tmp/a.eml" \
	samples 2>/dev/null
SOURCE_DATE_EPOCH=1700000000 "$bin" check --format eml samples \
	>"$tmp/b.eml" 2>/dev/null
cmp -s "$tmp/a.eml" "$tmp/b.eml" && say_ok "eml: same bytes twice" ||
	say_bad "eml: not the same bytes twice"
"$bin" check --format eml samples 2>/dev/null >"$tmp/undated.eml"
if grep -q '^Date:' "$tmp/a.eml" && ! grep -q '^Date:' "$tmp/undated.eml"
then say_ok "eml: Date only from SOURCE_DATE_EPOCH"
else say_bad "eml: Date with and without SOURCE_DATE_EPOCH"; fi
BENCHSITE_MAIL_TO=ops@example.org "$bin" check --format eml --from \
	me@example.org samples 2>/dev/null >"$tmp/addr.eml"
if grep -q '^From: me@example.org$' "$tmp/addr.eml" &&
    grep -q '^To: ops@example.org$' "$tmp/addr.eml"; then
	say_ok "eml: --from and BENCHSITE_MAIL_TO"
else
	say_bad "eml: --from and BENCHSITE_MAIL_TO not in the headers"
fi
if command -v python3 >/dev/null; then
	if python3 - "$tmp/a.eml" <<'EOF' >"$tmp/eml.log" 2>&1
import email, email.policy, re, struct, sys, zlib
m = email.message_from_binary_file(open(sys.argv[1], "rb"),
                                   policy=email.policy.default)
assert not m.defects, m.defects
assert m["From"] and m["To"], "no From or To"
assert m["Subject"].startswith("[benchsite] FAIL: 18 runs: "), m["Subject"]
body = m.get_body(("plain",))
assert body.get_content_charset() == "utf-8"
text = body.get_content()
assert all(len(l) <= 72 for l in text.splitlines()), "a line over 72"
names = []
for p in m.iter_attachments():
    assert not p.defects, p.defects
    data = p.get_payload(decode=True)
    assert data[:8] == b"\x89PNG\r\n\x1a\n", p.get_filename()
    # Every chunk's CRC holds and the image ends in IEND.
    at = 8
    while at < len(data):
        n, kind = struct.unpack(">I4s", data[at:at + 8])
        crc = struct.unpack(">I", data[at + 8 + n:at + 12 + n])[0]
        assert zlib.crc32(data[at + 4:at + 8 + n]) == crc, kind
        at += 12 + n
    assert kind == b"IEND"
    assert re.fullmatch(r"[A-Za-z0-9._-]+--[a-z-]+\.png", p.get_filename())
    names.append(p.get_filename())
assert "8port-raid0-4disk-cfq--block-write.png" in names, names
print(len(names), "charts")
EOF
	then say_ok "eml parses, $(cat "$tmp/eml.log")"
	else say_bad "eml parse"; cat "$tmp/eml.log"; fi
else
	echo "skip: eml parse (no python3)"
fi

# JUnit: each case named "run - metric" in words, a class per directory.
f=tests/share/fixtures/samples.junit.xml
all=$(xmllint --xpath 'count(//testcase)' "$f")
named=$(xmllint --xpath 'count(//testcase[contains(@name, " — ")])' "$f")
keys=$(xmllint --xpath 'count(//testcase[contains(@name, "put_block")])' "$f")
[ "$all" -gt 0 ] && [ "$all" = "$named" ] && [ "$keys" = 0 ] &&
	say_ok "junit names in words" ||
	say_bad "junit: $named of $all cases named in words, $keys by key"

# Markdown's links lead to pages a build of the same runs writes.
"$bin" build -q -o "$tmp/site" samples 2>/dev/null
missing=$(grep -o '](<https://bench.example.org/site/[^>]*>)' \
	tests/share/fixtures/samples.md | sed 's|.*/site/||; s|>)$||' |
	sort -u | while read -r p; do [ -f "$tmp/site/$p" ] || echo "$p"; done)
links=$(grep -c 'runs/' tests/share/fixtures/samples.md)
[ -z "$missing" ] && [ "$links" -ge 14 ] &&
	say_ok "markdown links to the site's pages" ||
	say_bad "markdown links to no page: $missing ($links run links)"

# A run's name that holds control characters, a terminal's escape or a
# mark that turns text backwards is shown, not obeyed: JUnit stays well
# formed and no report carries the raw bytes; one with an '@' mentions
# nobody in Markdown.
names=$tmp/names
rm -rf "$names"
mkdir -p "$names"
cp -r samples/3ware-9550sx/1-xfs-ncq-on "$names/@octocat"
cp -r samples/3ware-9550sx/2-xfs-ncq-off-storsave-balance \
	"$names/$(printf 'ncq\001off\033[31m\342\200\256rev')"
"$bin" check --format junit "$names" >"$tmp/names.xml" 2>/dev/null
"$bin" check --format mail --utf8 "$names" >"$tmp/names.txt" 2>&1
"$bin" check --format markdown "$names" >>"$tmp/names.txt" 2>&1
if xmllint --noout "$tmp/names.xml" 2>/dev/null &&
    grep -q 'ncq\\x01off\\x1b\[31m\\u202erev' "$tmp/names.xml" &&
    ! LC_ALL=C grep -q "$(printf '[\001\033]')" "$tmp/names.txt" &&
    ! grep -q "$(printf '\342\200\256')" "$tmp/names.txt" "$tmp/names.xml" &&
    "$bin" check --format markdown "$names" 2>/dev/null |
    grep -q '@<!-- -->octocat' &&
    ! "$bin" check --format markdown "$names" 2>/dev/null | grep -q '@octocat'
then
	say_ok "names with control characters shown, not obeyed"
else
	say_bad "names with control characters: JUnit or reports carry them"
fi
