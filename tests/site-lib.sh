# Shared by tests/site.sh, scale.sh and fio.sh (sourced, with $b the build
# directory and $tmp a scratch directory): the result lines tests/run.sh
# counts, running under valgrind when asked, and the check of a whole
# site's pages and links.

say_ok() { echo "ok $*"; }
say_bad() { echo "FAIL: $*"; }

run() {
	if [ -n "$VALGRIND" ]; then
		valgrind -q --error-exitcode=99 --leak-check=full --suppressions=tests/valgrind.supp \
			--errors-for-leak-kinds=definite,indirect,possible "$@"
	else
		"$@"
	fi
}

# Pages parse as HTML (libxml2 knows no HTML5 tag names: those messages
# are expected) and their links and images resolve inside the site.
check_site() {
	name=$1 site=$2
	find "$site" -name '*.html' | sort | while read -r page; do
		errs=$(xmllint --html --noout "$page" 2>&1 |
			grep 'parser error' | grep -v 'Tag [a-z]* invalid')
		[ -z "$errs" ] || { say_bad "$name: $page: $errs"; continue; }
		dir=$(dirname "$page")
		xmllint --html --xpath '//@href | //@src' "$page" 2>/dev/null |
		tr ' ' '\n' | sed -n 's/^\(href\|src\)="\([^"]*\)"$/\2/p' |
		while read -r url; do
			case $url in
			'#'*|http://*|https://*|mailto:*) continue ;;
			*:*) echo "scheme $url" ;;
			*) target=$(printf '%s' "${url%%#*}" |
				sed 's/%20/ /g; s/%22/"/g; s/%3C/</g; s/%3E/>/g')
			   [ -e "$dir/$target" ] || echo "missing $url" ;;
			esac
		done >"$tmp/links"
		if [ -s "$tmp/links" ]; then
			say_bad "$name: $page: $(head -3 "$tmp/links" | tr '\n' ' ')"
		else
			say_ok "$name: $page"
		fi
	done
}
