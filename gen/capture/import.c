/* "benchsite import": turns mail posts, forum pages and pasted text into
 * run directories, one per configuration: the bonnie++ output as posted,
 * the prose that introduced it (notes.md) and a meta file guessed from
 * that prose, every value under the line it came from. For people
 * turning old threads into runs, who then check the guesses. */
#include "base/exit.h"
#include "base/fileio.h"
#include "capture/import.h"
#include "read/lines.h"
#include "read/reader.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <errno.h>
#include <regex.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

/* A growable string, local to this file. */
struct sbuf {
	char *p;
	size_t n, cap;
};

static void
sb_add(struct sbuf *b, const char *s, size_t n)
{
	xgrow((void **)&b->p, &b->cap, b->n + n + 1, 1);
	memcpy(b->p + b->n, s, n);
	b->n += n;
	b->p[b->n] = '\0';
}

static void
sb_puts(struct sbuf *b, const char *s)
{
	sb_add(b, s, strlen(s));
}

static void
sb_printf(struct sbuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
sb_printf(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	s = xmalloc((size_t)(n < 0 ? 0 : n) + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)(n < 0 ? 0 : n) + 1, fmt, ap);
	va_end(ap);
	sb_puts(b, s);
	free(s);
}

/* Returns a copy of s[0..n) without leading and trailing blanks. */
static char *
trimmed(const char *s, size_t n)
{
	while (n > 0 && isspace((unsigned char)*s)) {
		s++;
		n--;
	}
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		n--;
	return xstrndup(s, n);
}

/*
 * The guessing rules. A rule is a pattern (POSIX ERE) found anywhere in
 * a line of prose, maybe only on lines that also match need; its value is
 * fmt with $N replaced by the pattern's Nth group, then passed through
 * fix, which may refuse it. A few rules give a second value (a disk
 * count and a model). prio says how specific a rule is: a disk model
 * with its count beats a model alone.
 */
typedef char *(*fix_fn)(const char *);

struct rule {
	const char *key;
	const char *pattern;
	const char *need;
	const char *fmt;
	fix_fn fix;
	int prio;
	unsigned flags;		/* GUESS_* and R_ICASE */
	const char *key2, *fmt2;
	fix_fn fix2;
};

#define R_ICASE 0x100u

static char *fix_lower(const char *);
static char *fix_count(const char *);
static char *fix_raid(const char *);
static char *fix_model(const char *);
static char *fix_date(const char *);
static char *fix_iso(const char *);
static char *fix_bus(const char *);
static char *fix_onoff(const char *);
static char *fix_chunk(const char *);
static char *fix_mem(const char *);
static char *fix_controller(const char *);
static char *fix_board(const char *);
static char *fix_options(const char *);

/* Word edges (POSIX ERE has no \b); each is one group. */
#define WB "(^|[^[:alnum:]])"
#define WE "([^[:alnum:]]|$)"
#define NUMW "([0-9]{1,2}|one|two|three|four|five|six|seven|eight|nine|" \
	"ten|twelve|sixteen)"
#define SCHED "(mq-deadline|anticipatory|deadline|noop|cfq|bfq|kyber)"
#define MODEL "(ST[0-9]{3,8}[A-Z]{1,3}[0-9]{0,4}|WD[0-9]{2,5}[A-Z]{2,4}" \
	"[0-9A-Z-]*|MA[NSXPW][0-9]{4}[A-Z]{0,2}|HD[ST][0-9]{6}[A-Z0-9]*|" \
	"HU[AS][0-9]{6}[A-Z0-9]*|DT01ACA[0-9]{3}|Maxtor [0-9][A-Z0-9]{5,}|" \
	"IBM [0-9]+ ?G[Bb]?[a-z]*)"
#define MONTH "(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)"

static const struct rule rules[] = {
	/* when: mail headers, ISO dates */
	{"date", "(Mon|Tue|Wed|Thu|Fri|Sat|Sun),? +" MONTH " +([0-9]{1,2}) +"
	    "[0-9]{1,2}:[0-9]{2}(:[0-9]{2})? +([A-Z]{2,5} +)?([0-9]{4})",
	    NULL, "$6 $2 $3", fix_date, 3, 0, NULL, NULL, NULL},
	{"date", "(Mon|Tue|Wed|Thu|Fri|Sat|Sun),? +" MONTH " +([0-9]{1,2}),? +"
	    "([0-9]{4})", NULL, "$4 $2 $3", fix_date, 3, 0, NULL, NULL, NULL},
	{"date", WB "([0-9]{1,2}) +" MONTH "[a-z]* +([0-9]{4})", NULL,
	    "$4 $3 $2", fix_date, 3, 0, NULL, NULL, NULL},
	{"date", WB "((19|20)[0-9]{2})-([01][0-9])-([0-3][0-9])" WE, NULL,
	    "$2-$4-$5", fix_iso, 2, 0, NULL, NULL, NULL},

	/* controllers: lspci lines, device names, vendor and model */
	{"controller", "^([0-9a-f]{4}:)?[0-9a-f]{2}:[0-9a-f]{2}\\.[0-9] +"
	    "(RAID bus|SATA|SCSI storage|Mass storage|Serial Attached SCSI|"
	    "IDE interface|Non-Volatile memory)[^:]*: +(.+)$", NULL, "$3",
	    NULL, 4, R_ICASE, NULL, NULL, NULL},
	{"controller", "^(.*(SATA|SAS|SCSI|RAID|IDE|ATA|Storage|PCI-X|PCI)"
	    "[^.]* Controller( \\(rev [0-9a-fA-F]+\\))?)",
	    "[[:alpha:]][0-9]|[0-9][[:alpha:]]", "$1", NULL, 3, 0,
	    NULL, NULL, NULL},
	{"controller", WB "((HP |Dell |IBM )?(3ware|3Ware|3WARE|Adaptec|"
	    "Super[Mm]icro AOC|"
	    "LSI Logic|LSI|Areca|Promise|HighPoint|Highpoint|Silicon Image|"
	    "NetRaid|NetRAID|MegaRAID|PERC|Mylex|ICP Vortex)( (RocketRAID|"
	    "SuperTrak|FastTrak|ARC|SAS|MegaRAID SAS|MegaRAID|ServeRAID|"
	    "Escalade))?"
	    "[ -]?[A-Z]*[0-9][[:alnum:]-]*)", NULL, "$2", fix_controller, 2, 0,
	    NULL, NULL, NULL},
	{"controller", WB "(3ware|3Ware|3WARE|Adaptec|Areca|Promise|HighPoint|"
	    "Highpoint|NetRaid|NetRAID|LSI|Silicon Image|Marvell)" WE, NULL,
	    "$2", NULL, 1, GUESS_VENDOR, NULL, NULL, NULL},

	/* chipsets */
	{"chipset", "(MV)?88SX([0-9]{4})[^(]*(\\(rev [0-9a-f]{2}\\))?", NULL,
	    "Marvell MV88SX$2 $3", NULL, 3, 0, NULL, NULL, NULL},
	{"chipset", "Silicon Image,?( Inc\\.?)?( SiI)? ?([0-9]{4})", NULL,
	    "Silicon Image SiI$3", NULL, 3, 0, NULL, NULL, NULL},
	{"chipset", WB "SiI ?([0-9]{4})", NULL, "Silicon Image SiI$2", NULL,
	    3, 0, NULL, NULL, NULL},
	{"chipset", WB "(ICH[0-9]{1,2}R?|ESB2|631xESB|PIIX[34]?)" WE, NULL,
	    "Intel $2", NULL, 2, 0, NULL, NULL, NULL},
	{"chipset", WB "(nForce ?[0-9]+[a-z]*|JMB[0-9]{3}|VT6421|VT8237A?|"
	    "ASM10[0-9]{2}|PDC[0-9]{5})" WE, NULL, "$2", NULL, 2, 0,
	    NULL, NULL, NULL},

	{"bus", WB "(PCI-X|PCI Express|PCIe|PCI-E|PCI-e|AGP)" WE, NULL, "$2",
	    fix_bus, 2, 0, NULL, NULL, NULL},
	{"bus", WB "PCI([^-[:alnum:]]|$)", NULL, "PCI", NULL, 1, 0,
	    NULL, NULL, NULL},

	/* disks: "4 x ST3400832AS", "2 * IBM 120 GByte", "4 disk raid 0" */
	{"disks.count", WB NUMW " ?(x|\\*|×) ?" MODEL WE, NULL, "$2",
	    fix_count, 4, 0, "disks.model", "$4", fix_model},
	{"disks.count", WB NUMW "[ -]?(disks?|drives?|platten|hdds?|ssds?|"
	    "spindles)" WE, NULL, "$2", fix_count, 3, R_ICASE,
	    NULL, NULL, NULL},
	{"disks.count", WB "(bare|single|one|1) (disk|drive)", NULL, "1", NULL,
	    3, R_ICASE, NULL, NULL, NULL},
	{"disks.count", WB "([0-9]{1,2}) ?(x|\\*) ?[0-9.]+ ?(TB?|GB?|GByte)"
	    WE, NULL, "$2", fix_count, 3, 0, NULL, NULL, NULL},
	{"disks.count", "(--raid-devices[= ]|(^| )-n ?)([0-9]+)", "mdadm",
	    "$3", fix_count, 2, GUESS_SUM, NULL, NULL, NULL},
	{"disks.model", WB MODEL WE, NULL, "$2", fix_model, 2, 0,
	    NULL, NULL, NULL},

	/* RAID level and kind: "4 disk raid 0", "RAID-5", "als Mirror" */
	{"raid.level", WB "raid[ -]?(0|1|5|6|10|1\\+0|0\\+1)" WE, NULL, "$2",
	    fix_raid, 3, R_ICASE, NULL, NULL, NULL},
	{"raid.level", WB "(mirror|mirrored|mirroring|gespiegelt)" WE, NULL,
	    "1", fix_raid, 3, R_ICASE, NULL, NULL, NULL},
	{"raid.level", WB "(no raid|no-raid|kein raid|without raid|bare disk|"
	    "single disk|1 disk|one disk)" WE, NULL, "none", NULL, 3, R_ICASE,
	    NULL, NULL, NULL},
	{"raid.level", WB "(jbod)" WE, NULL, "jbod", NULL, 3, R_ICASE,
	    NULL, NULL, NULL},
	{"raid.level", "(--level[= ]|(^| )-l ?)(raid)?([0-9]+|linear)",
	    "mdadm", "$4", fix_raid, 2, R_ICASE, NULL, NULL, NULL},
	{"raid.kind", WB "(mdadm|software[- ]raid|md[- ]?raid)", NULL, "md",
	    NULL, 2, R_ICASE, NULL, NULL, NULL},
	{"raid.kind", WB "(hardware|hw)[- ]?raid", NULL, "hw", NULL, 2,
	    R_ICASE, NULL, NULL, NULL},

	{"chunk", "(--chunk[= ]|(^| )-c ?)([0-9]+)([kKmM]?)", "mdadm",
	    "$3$4", fix_chunk, 3, 0, NULL, NULL, NULL},
	{"chunk", "(^| )-I ?([0-9]+)", "lvcreate", "$2k", NULL, 2, 0,
	    NULL, NULL, NULL},
	{"chunk", WB "([0-9]+) ?(k|kb|kib)( byte)? (chunks?|stripes?|"
	    "chunk size|stripe size)", NULL, "$2k", NULL, 2, R_ICASE,
	    NULL, NULL, NULL},
	{"chunk", "(chunk|stripe)[ -]?(size)?( of|:|=| is)? ?([0-9]+) ?"
	    "(k|kb|kib)" WE, NULL, "$4k", NULL, 2, R_ICASE, NULL, NULL, NULL},

	/* file systems: mkfs commands, then names */
	{"filesystem", "mke2fs .*-j( |$)", NULL, "ext3", NULL, 3, 0,
	    NULL, NULL, NULL},
	{"filesystem", "mkfs\\.([a-z0-9]+)", NULL, "$1", fix_lower, 3,
	    R_ICASE, NULL, NULL, NULL},
	{"filesystem", "(mkfs|mke2fs|mount) (.* )?-t ([a-z0-9]+)", NULL, "$3",
	    NULL, 3, 0, NULL, NULL, NULL},
	{"filesystem", WB "(xfs|ext2|ext3|ext4|reiserfs|reiser4|jfs|btrfs|"
	    "zfs|ufs2|ufs|ffs|f2fs|ntfs|hfs\\+?|nilfs2|ocfs2|gfs2)" WE, NULL,
	    "$2", fix_lower, 2, R_ICASE, NULL, NULL, NULL},
	{"mount-options", "mount +(.* )?-o +([^ ]+)", NULL, "$2", NULL, 3, 0,
	    NULL, NULL, NULL},

	{"kernel", WB "([2-6]\\.[0-9]{1,2}\\.[0-9]{1,3}(\\.[0-9]{1,3})?"
	    "(-[[:alnum:]_.+~]+)*)" WE, NULL, "$2", NULL, 2, 0,
	    NULL, NULL, NULL},
	{"kernel", "(Linux|linux|kernel|Kernel) +([2-9]\\.[0-9]{1,2})" WE,
	    NULL, "$2", NULL, 1, 0, NULL, NULL, NULL},

	{"os", WB "(FreeBSD[ -]?[0-9]+\\.[0-9]+(-?(CURRENT|current|STABLE|"
	    "stable|RELEASE|RC[0-9]*|BETA[0-9]*))?)", NULL, "$2", NULL, 3, 0,
	    NULL, NULL, NULL},
	{"os", WB "((Net|Open|Free)BSD(-current|-stable|-CURRENT|-STABLE)?|"
	    "DragonFly BSD|OpenSolaris|Solaris( [0-9]+)?)" WE, NULL, "$2",
	    NULL, 2, 0, NULL, NULL, NULL},
	{"os", WB "((CentOS|Debian|Ubuntu|Fedora|Red ?Hat|RHEL|SuSE|SUSE|"
	    "SLES|openSUSE|Gentoo|Slackware|Mandrake|Mandriva)( (GNU/Linux|"
	    "Linux|Enterprise Linux|Core|Server|LTS))*( ?[0-9]+(\\.[0-9]+)*"
	    "( \\([a-z]+\\))?)?)", NULL, "$2", NULL, 2, 0, NULL, NULL, NULL},
	{"os", WB "(Linux)" WE, NULL, "Linux", NULL, 1, 0, NULL, NULL, NULL},

	/* I/O schedulers, only where the line is about the scheduler */
	{"scheduler", "\\[(mq-deadline|anticipatory|deadline|noop|cfq|bfq|"
	    "kyber|none)\\]", NULL, "$1", NULL, 3, 0, NULL, NULL, NULL},
	{"scheduler", "elevator=([a-z-]+)", NULL, "$1", fix_lower, 3,
	    R_ICASE, NULL, NULL, NULL},
	{"scheduler", WB SCHED WE, "sched|elevator", "$2", fix_lower, 2,
	    R_ICASE, NULL, NULL, NULL},
	{"scheduler", "scheduler( is| was| set to| to|:|=) *(none)" WE, NULL,
	    "$2", fix_lower, 2, R_ICASE, NULL, NULL, NULL},
	/* "Where I change the scheduler from anticipatory I note it":
	 * the post's default, for the runs that name none */
	{"scheduler", "(from|default|back to) +(the +)?" SCHED, "sched", "$3",
	    fix_lower, 2, R_ICASE | GUESS_POST, NULL, NULL, NULL},
	{"scheduler", SCHED " +(is|was) +(the +)?default", NULL, "$1",
	    fix_lower, 2, R_ICASE | GUESS_POST, NULL, NULL, NULL},

	{"readahead", "blockdev +--setra +([0-9]+)", NULL, "$1 sectors", NULL,
	    3, 0, NULL, NULL, NULL},
	{"readahead", "echo +([0-9]+) *> */sys/block/[^ ]*/read_ahead_kb",
	    NULL, "$1 KiB", NULL, 3, 0, NULL, NULL, NULL},
	{"queue-depth", "echo +([0-9]+) *> */sys/block/[^ ]*/device/"
	    "queue_depth", NULL, "$1", NULL, 3, 0, NULL, NULL, NULL},
	{"queue-depth", "queue[_ ]depth( of| is| =|:)? *([0-9]+)", NULL, "$2",
	    NULL, 2, R_ICASE, NULL, NULL, NULL},
	{"write-cache", "hdparm +(.* )?-W ?([01])", NULL, "$2", fix_onoff, 3,
	    0, NULL, NULL, NULL},
	{"write-cache", "write[- ]cach(e|ing)( is| was)? (enabled|disabled|"
	    "on|off)", NULL, "$3", fix_onoff, 2, R_ICASE, NULL, NULL, NULL},

	/* processors: "3.2Ghz Xeon", "P3/866", a bare family last */
	{"cpu", "([0-9]+(\\.[0-9]+)?) ?(GHz|Ghz|MHz|Mhz|ghz|mhz) +"
	    "((Dual|Quad)[- ]Core +)?((Intel|AMD) +)?(Xeon|Opteron|"
	    "Pentium ?(4|III|II|M|D)?|Athlon( 64| XP| MP)?|Celeron|"
	    "Core ?2( Duo| Quad)?|Core i[3579]|Phenom( II)?|EPYC|Ryzen|"
	    "Sempron|Turion|Itanium)", NULL, "$0", NULL, 3, 0,
	    NULL, NULL, NULL},
	{"cpu", WB "((P3|P4|PIII|PII|Pentium ?(III|II|4|M|Pro)?|"
	    "Athlon( 64| XP| MP)?|Opteron|Xeon|Celeron|Core ?2( Duo| Quad)?|"
	    "Core i[3579]|EPYC|Ryzen [3579])[ /-]?([A-Z]{1,2}[0-9]?-)?"
	    "[A-Z]{0,2}[0-9]{3,5}[A-Z]{0,2}( ?(MHz|GHz))?)", NULL, "$2", NULL,
	    3, 0, NULL, NULL, NULL},
	{"cpu", WB "((Intel|AMD) (Celeron |Pentium |Atom )?[A-Z]{1,2}[0-9]{4}"
	    "[A-Z]{0,2})" WE, NULL, "$2", NULL, 2, 0, NULL, NULL, NULL},
	{"cpu", WB "(Xeon|Opteron|Athlon|Pentium|Celeron|EPYC|Ryzen|Phenom|"
	    "Itanium)" WE, NULL, "$2", NULL, 1, 0, NULL, NULL, NULL},

	{"memory", WB "([0-9]+(\\.[0-9]+)?) ?(GB|GiB|MB|MiB|TB|G|M|GByte|"
	    "GBytes)( of)?( (ECC|DDR[0-9]?|registered))* +(RAM|[Mm]emory|"
	    "Speicher|Hauptspeicher)", NULL, "$2$4", fix_mem, 3, 0,
	    NULL, NULL, NULL},
	{"memory", "(RAM|[Mm]emory)[: ]+([0-9]+(\\.[0-9]+)?) ?(GB|GiB|MB|MiB|"
	    "TB|G|M)" WE, NULL, "$2$4", fix_mem, 2, 0, NULL, NULL, NULL},

	{"motherboard", WB "((Super[Mm]icro|SUPERMICRO|Tyan|TYAN|ASUS|Asus|"
	    "ASRock|Gigabyte|GIGABYTE|Abit|ABIT|EPoX|Epox|DFI|MSI) +"
	    "([A-Z][A-Z0-9+-]*[0-9][A-Z0-9+-]*|[0-9]+ [A-Z]+[0-9]+))", NULL,
	    "$2", fix_board, 3, 0, NULL, NULL, NULL},
	{"motherboard", WB "((Dell )?PowerEdge [A-Z]{0,2}[0-9]{3,4}[a-z]{0,2}|"
	    "(HPE? )?ProLiant [A-Z]{2}[0-9]{2,3}( G[0-9]+)?|Sun Fire "
	    "[A-Z0-9]+)", NULL, "$2", NULL, 2, 0, NULL, NULL, NULL},

	/* drivers: "/dev/sx8/0p1", "(aac-Treiber)", module names */
	{"driver", "/dev/(sx8)/", NULL, "$1", NULL, 2, 0, NULL, NULL, NULL},
	{"driver", WB "(aac|aacraid|sx8|twa|twe|3w-9xxx|3w-xxxx|3w-sas|sata_mv|"
	    "mv_sata|arcmsr|megaraid_sas|megaraid|mpt2sas|mpt3sas|mptsas|"
	    "mptspi|sata_sil24|sata_sil|sata_promise|sata_nv|sata_via|ahci|"
	    "ata_piix|hptiop|hpt366|cciss|hpsa|virtio_blk|nvme|mvsas)[ -]?"
	    "(driver|treiber|module)", NULL, "$2", fix_lower, 3, R_ICASE,
	    NULL, NULL, NULL},
	{"driver", WB "(3w-9xxx|3w-xxxx|3w-sas|sata_mv|mv_sata|arcmsr|"
	    "megaraid_sas|mpt2sas|mpt3sas|mptsas|aacraid|sata_sil24|"
	    "sata_promise|hptiop|mvsas|ahci|ata_piix)" WE, NULL, "$2", NULL, 2,
	    0,
	    NULL, NULL, NULL},
	{"firmware", "([Ff]irmware|FW)( version| revision)?[: ]+(is )?"
	    "([A-Za-z]*[0-9][[:alnum:]._-]*)", NULL, "$4", NULL, 2, 0,
	    NULL, NULL, NULL},

	{"bonnie-options", "(^|[^[:alnum:]_+-])bonnie\\+\\+ +(-.*)$", NULL,
	    "$2", fix_options, 3, 0, NULL, NULL, NULL},
};

#define NRULES (sizeof rules / sizeof *rules)

/* Keys that follow the controller named on the same line: "HP
 * NetRaid-4M (aac driver)" says nothing of the other card's driver. */
static const char *const tied_keys[] = {"chipset", "bus", "driver",
    "firmware"};

/* The storage path: a run that names any of it names its own. */
static const char *const storage_keys[] = {"controller", "chipset", "bus",
    "driver", "firmware"};

/* Keys a run that does not name them takes from the start of the post
 * (the machine, its system); the layout of each run is its own. */
static const char *const inherited_keys[] = {"date", "chipset",
    "controller", "bus", "driver", "firmware", "filesystem", "mount-options",
    "kernel", "os", "cpu", "memory", "motherboard", "bonnie-options"};

static bool
key_in(const char *key, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(key, list[i]) == 0)
			return true;
	return false;
}

static char *
fix_lower(const char *s)
{
	char *v = xstrdup(s);

	for (char *p = v; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return v;
}

static const char *const number_words[] = {"zero", "one", "two", "three",
    "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "thirteen", "fourteen", "fifteen", "sixteen"};

/* "4", "four" -> "4"; a count of 0 or over 99 is no count. */
static char *
fix_count(const char *s)
{
	long n = -1;

	if (isdigit((unsigned char)*s))
		n = strtol(s, NULL, 10);
	for (size_t i = 0; i < sizeof number_words / sizeof *number_words; i++)
		if (strcasecmp(s, number_words[i]) == 0)
			n = (long)i;
	if (n < 1 || n > 99)
		return NULL;
	return xasprintf("%ld", n);
}

static char *
fix_raid(const char *s)
{
	static const struct {
		const char *in, *out;
	} levels[] = {
		{"0", "raid0"}, {"1", "raid1"}, {"5", "raid5"}, {"6", "raid6"},
		{"10", "raid10"}, {"1+0", "raid10"}, {"0+1", "raid10"},
		{"linear", "jbod"},
	};

	for (size_t i = 0; i < sizeof levels / sizeof *levels; i++)
		if (strcasecmp(s, levels[i].in) == 0)
			return xstrdup(levels[i].out);
	return NULL;
}

/* Writes "GByte", "GBytes" and "Gbyte" the way meta does: "GB". */
static char *
fix_model(const char *s)
{
	struct sbuf b = {0};

	while (*s) {
		if (strncasecmp(s, "GByte", 5) == 0) {
			sb_puts(&b, "GB");
			s += 5;
			if (*s == 's')
				s++;
		} else {
			sb_add(&b, s++, 1);
		}
	}
	if (b.p == NULL)
		return xstrdup("");
	/* "IBM 120GB" and "IBM 120 GB" are one model */
	char *g = strstr(b.p, "GB");

	if (g && g > b.p && isdigit((unsigned char)g[-1])) {
		char *v = xasprintf("%.*s %s", (int)(g - b.p), b.p, g);

		free(b.p);
		return v;
	}
	return b.p;
}

/* "2005 Mar 23" -> "2005-03-23". */
static char *
fix_date(const char *s)
{
	static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	char mon[4];
	int year, day;
	const char *m;

	if (sscanf(s, "%d %3s %d", &year, mon, &day) != 3 || day < 1 ||
	    day > 31 || (m = strstr(months, mon)) == NULL)
		return NULL;
	return xasprintf("%04d-%02d-%02d", year, (int)(m - months) / 3 + 1,
	    day);
}

static char *
fix_iso(const char *s)
{
	int y, mo, d;

	if (sscanf(s, "%d-%d-%d", &y, &mo, &d) != 3 || mo < 1 || mo > 12 ||
	    d < 1 || d > 31)
		return NULL;
	return xstrdup(s);
}

static char *
fix_bus(const char *s)
{
	if (strcasecmp(s, "PCI-X") == 0)
		return xstrdup("PCI-X");
	if (strcasecmp(s, "AGP") == 0)
		return xstrdup("AGP");
	return xstrdup("PCIe");
}

static char *
fix_onoff(const char *s)
{
	if (strcmp(s, "0") == 0 || strcasecmp(s, "disabled") == 0 ||
	    strcasecmp(s, "off") == 0)
		return xstrdup("off");
	return xstrdup("on");
}

/* mdadm counts chunks in KiB unless told otherwise: "256" -> "256k". */
static char *
fix_chunk(const char *s)
{
	size_t n = strlen(s);

	if (n > 0 && isalpha((unsigned char)s[n - 1]))
		return fix_lower(s);
	return xasprintf("%sk", s);
}

static char *
fix_mem(const char *s)
{
	size_t n = strspn(s, "0123456789.");
	const char *u = s + n;

	if (strcmp(u, "G") == 0 || strncmp(u, "GByte", 5) == 0)
		u = "GB";
	else if (strcmp(u, "M") == 0)
		u = "MB";
	return xasprintf("%.*s%s", (int)n, s, u);
}

/* "3ware RAID5" names a layout, not a model. */
static char *
fix_controller(const char *s)
{
	const char *last = strrchr(s, ' ');

	last = last ? last + 1 : s;
	if (strncasecmp(last, "raid", 4) == 0 &&
	    isdigit((unsigned char)last[4]))
		return NULL;
	return xstrdup(s);
}

/* Supermicro's AOC-* are add-on cards (controllers), not boards. */
static char *
fix_board(const char *s)
{
	return strstr(s, " AOC-") ? NULL : xstrdup(s);
}

/* The options of a bonnie++ command line, up to the first word that is
 * none: "-u daemon -d bonnie on XFS" -> "-u daemon -d bonnie". */
static char *
fix_options(const char *s)
{
	static const char with_arg[] = "dcsnmrxugpzZ", alone[] = "qfbDy";
	struct sbuf b = {0};
	char *copy = xstrdup(s), *save = NULL, *t;
	bool want_arg = false;

	for (t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
		size_t n = strlen(t);

		while (n > 1 && strchr(".,;:)", t[n - 1]))
			t[--n] = '\0';
		if (want_arg && t[0] != '-') {
			want_arg = false;
		} else if (t[0] == '-' && t[1] && strchr(with_arg, t[1])) {
			want_arg = t[2] == '\0';
		} else if (t[0] == '-' && t[1] && strchr(alone, t[1])) {
			want_arg = false;
		} else {
			break;
		}
		if (b.n)
			sb_puts(&b, " ");
		sb_puts(&b, t);
	}
	free(copy);
	return b.p;
}

struct compiled {
	regex_t re, need;
	bool has_need;
};

struct guesser {
	struct compiled c[NRULES];
	size_t n;
};

struct guesser *
guesser_new(void)
{
	struct guesser *g = xcalloc(1, sizeof *g);

	for (size_t i = 0; i < NRULES; i++) {
		int fl = REG_EXTENDED |
		    (rules[i].flags & R_ICASE ? REG_ICASE : 0);

		if (regcomp(&g->c[i].re, rules[i].pattern, fl) != 0)
			goto bad;
		g->n = i + 1;
		if (rules[i].need) {
			if (regcomp(&g->c[i].need, rules[i].need,
			    REG_EXTENDED | REG_ICASE | REG_NOSUB) != 0)
				goto bad;
			g->c[i].has_need = true;
		}
	}
	return g;
bad:
	fprintf(stderr, "benchsite: guessing rule %zu does not compile\n",
	    g->n);
	guesser_free(g);
	return NULL;
}

void
guesser_free(struct guesser *g)
{
	if (g == NULL)
		return;
	for (size_t i = 0; i < g->n; i++) {
		regfree(&g->c[i].re);
		if (g->c[i].has_need)
			regfree(&g->c[i].need);
	}
	free(g);
}

#define NMATCH 16

/* fmt with $N replaced by group N of the match in s, blanks collapsed
 * and trailing punctuation dropped. */
static char *
expand(const char *fmt, const char *s, const regmatch_t *m)
{
	struct sbuf b = {0};
	char *v;
	size_t n;

	sb_puts(&b, "");
	for (const char *f = fmt; *f; f++) {
		if (*f == '$' && isdigit((unsigned char)f[1])) {
			int k = *++f - '0';

			if (m[k].rm_so >= 0)
				sb_add(&b, s + m[k].rm_so,
				    (size_t)(m[k].rm_eo - m[k].rm_so));
		} else {
			sb_add(&b, f, 1);
		}
	}
	n = 0;
	for (size_t i = 0; i < b.n; i++)
		if (b.p[i] != ' ' || (n > 0 && b.p[n - 1] != ' '))
			b.p[n++] = b.p[i];
	while (n > 0 && strchr(" .,;:", b.p[n - 1]))
		n--;
	v = xstrndup(b.p, n);
	free(b.p);
	return v;
}

static void
add_guess(struct guesses *out, const char *key, char *value,
    const char *text, long line, size_t at, const struct rule *r)
{
	struct guess *g;

	if (value == NULL)
		return;
	if (*value == '\0' || strlen(value) > 120) {
		free(value);
		return;
	}
	/* Lines are guessed in order: the guesses of this one are last. */
	for (size_t i = out->n; i-- > 0 && out->v[i].at == at; ) {
		if (strcmp(out->v[i].key, key) == 0 &&
		    strcmp(out->v[i].value, value) == 0) {
			if (r->prio > out->v[i].prio)
				out->v[i].prio = r->prio;
			out->v[i].flags |= r->flags & ~R_ICASE;
			free(value);
			return;
		}
	}
	xgrow((void **)&out->v, &out->cap, out->n + 1, sizeof *out->v);
	g = &out->v[out->n++];
	memset(g, 0, sizeof *g);
	g->key = key;
	g->value = value;
	g->text = xstrdup(text);
	g->line = line;
	g->at = at;
	g->prio = r->prio;
	g->flags = r->flags & ~R_ICASE;
}

static char *
make_value(const char *fmt, fix_fn fix, const char *s, const regmatch_t *m)
{
	char *v = expand(fmt, s, m), *fixed;

	if (fix == NULL)
		return v;
	fixed = fix(v);
	free(v);
	return fixed;
}

/* Every match of rule i in text: the search goes on from the end of a
 * match, less its last character when that may begin the next word. */
static void
apply_rule(const struct guesser *gs, size_t i, const char *text, long line,
    size_t at, struct guesses *out)
{
	const struct rule *r = &rules[i];
	regmatch_t m[NMATCH];
	size_t off = 0, len = strlen(text);

	if (gs->c[i].has_need &&
	    regexec(&gs->c[i].need, text, 0, NULL, 0) != 0)
		return;
	while (off < len && regexec(&gs->c[i].re, text + off, NMATCH, m,
	    off ? REG_NOTBOL : 0) == 0) {
		const char *s = text + off;
		size_t next = (size_t)m[0].rm_eo;

		add_guess(out, r->key, make_value(r->fmt, r->fix, s, m), text,
		    line, at, r);
		if (r->key2)
			add_guess(out, r->key2, make_value(r->fmt2, r->fix2, s,
			    m), text, line, at, r);
		if (next > 0 && !isalnum((unsigned char)s[next - 1]))
			next--;
		if (next <= (size_t)m[0].rm_so)
			next = (size_t)m[0].rm_so + 1;
		off += next;
	}
}

void
guess_line(const struct guesser *gs, const char *text, long line, size_t at,
    struct guesses *out)
{
	size_t first = out->n;
	const struct guess *ctl = NULL;

	for (size_t i = 0; i < gs->n; i++)
		apply_rule(gs, i, text, line, at, out);
	for (size_t i = first; i < out->n; i++)
		if (strcmp(out->v[i].key, "controller") == 0 &&
		    (ctl == NULL || out->v[i].prio > ctl->prio))
			ctl = &out->v[i];
	if (ctl == NULL)
		return;
	for (size_t i = first; i < out->n; i++)
		if (key_in(out->v[i].key, tied_keys,
		    sizeof tied_keys / sizeof *tied_keys))
			out->v[i].tie = xstrdup(ctl->value);
}

void
guesses_free(struct guesses *gs)
{
	for (size_t i = 0; i < gs->n; i++) {
		free(gs->v[i].value);
		free(gs->v[i].text);
		free(gs->v[i].tie);
	}
	free(gs->v);
	free(gs->post);
	memset(gs, 0, sizeof *gs);
}

char *
import_slug(const char *text)
{
	struct sbuf b = {0};
	int words = 0;

	sb_puts(&b, "");
	for (const char *p = text; *p && words < 5; ) {
		size_t n = 0;

		while (*p && !(isalnum((unsigned char)*p) &&
		    (unsigned char)*p < 0x80))
			p++;
		while (isalnum((unsigned char)p[n]) &&
		    (unsigned char)p[n] < 0x80)
			n++;
		if (n == 0)
			break;
		/* whole words only, unless the first is too long alone */
		if (b.n + (b.n > 0) + n > 40) {
			if (b.n == 0)
				n = 40;
			else
				break;
		}
		if (b.n > 0)
			sb_puts(&b, "-");
		for (size_t i = 0; i < n; i++) {
			char c = (char)tolower((unsigned char)p[i]);

			sb_add(&b, &c, 1);
		}
		p += n;
		words++;
	}
	return b.p;
}

/*
 * Which lines are bonnie++ output. A line is when each of its words is
 * one bonnie++ prints (figures, "+++++", the dashed titles, the column
 * labels, CSV fields), perhaps after a machine name; a mail client's cut
 * is mended by joining the words either side of it.
 */
static bool
is_number_word(const char *s, size_t n)
{
	int letters = 0;

	if (!isdigit((unsigned char)s[0]))
		return false;
	for (size_t i = 1; i < n; i++) {
		char c = s[i];

		if (isdigit((unsigned char)c) || strchr(".,:/+", c))
			continue;
		if (strchr("kKmMgGtTusabcde%", c) && ++letters <= 3)
			continue;
		return false;
	}
	return true;
}

static bool
is_table_word(const char *s, size_t n)
{
	static const char *const labels[] = {"Version", "Machine", "Size",
	    "K/sec", "%CP", "/sec", "files", "Files", "Concurrency", "Latency",
	    "Name:Size", "etc", "Chr", "Per", "Num", "Create", "Read",
	    "Delete", "Random", "Sequential", "Output", "Input", "Seeks",
	    "Block", "Rewrite"};
	bool letter = false, comma = false, ok = true;

	if (n == 0)
		return false;
	if (strspn(s, "+") >= n || is_number_word(s, n))
		return true;
	for (size_t i = 0; i < sizeof labels / sizeof *labels; i++)
		if (strlen(labels[i]) == n && memcmp(s, labels[i], n) == 0)
			return true;
	if ((n > 6 && memcmp(s, "files:", 6) == 0) ||
	    (n > 5 && memcmp(s, "Size:", 5) == 0))
		return true;	/* "files:max:min", "Size:chnk" */
	/* dashed titles: "------Sequential", "-Per", "Create--------" */
	if (s[0] == '-' || s[n - 1] == '-') {
		for (size_t i = 0; i < n && ok; i++) {
			letter |= isalpha((unsigned char)s[i]) != 0;
			ok = isalpha((unsigned char)s[i]) || s[i] == '-';
		}
		if (ok && letter)
			return true;
	}
	/* CSV fields, whole or cut by the mail client */
	ok = true;
	for (size_t i = 0; i < n && ok; i++) {
		comma |= s[i] == ',';
		ok = isalnum((unsigned char)s[i]) || strchr("._+,:/%-~", s[i]);
	}
	return ok && comma;
}

#define MAX_WORDS 64
#define WRAP_WIDTH 60	/* a longer line ending here may have been cut */

struct words {
	const char *s[MAX_WORDS];
	size_t n[MAX_WORDS];
	size_t count;
};

static void
split_words(const char *s, struct words *w)
{
	w->count = 0;
	while (*s) {
		size_t n;

		while (*s == ' ')
			s++;
		if (*s == '\0')
			break;
		n = strcspn(s, " ");
		if (w->count < MAX_WORDS) {
			w->s[w->count] = s;
			w->n[w->count] = n;
		}
		w->count++;
		s += n;
	}
}

/* Whether a + b (a word cut in two) is a table word. */
static bool
joins(const char *a, size_t an, const char *b, size_t bn)
{
	char buf[128];

	if (an + bn >= sizeof buf)
		return false;
	memcpy(buf, a, an);
	memcpy(buf + an, b, bn);
	return is_table_word(buf, an + bn);
}

static bool
blank(const struct line *l)
{
	return strspn(l->text, " ") == l->len;
}

static bool
is_table_line(const struct lines *ls, size_t i)
{
	const struct line *l = &ls->v[i];
	struct words w, o;
	size_t bad = 0, first_bad = 0;

	split_words(l->text, &w);
	if (w.count == 0 || w.count > MAX_WORDS)
		return false;
	for (size_t k = 0; k < w.count; k++) {
		if (is_table_word(w.s[k], w.n[k]))
			continue;
		if (k == 0 && i > 0 && ls->v[i - 1].len >= WRAP_WIDTH) {
			split_words(ls->v[i - 1].text, &o);
			if (o.count > 0 && o.count <= MAX_WORDS &&
			    joins(o.s[o.count - 1], o.n[o.count - 1], w.s[0],
			    w.n[0]))
				continue;
		}
		if (k == w.count - 1 && l->len >= WRAP_WIDTH &&
		    i + 1 < ls->n) {
			split_words(ls->v[i + 1].text, &o);
			if (o.count > 0 && joins(w.s[k], w.n[k], o.s[0],
			    o.n[0]))
				continue;
		}
		if (bad++ == 0)
			first_bad = k;
	}
	/* a row: the machine name, then figures */
	return bad == 0 || (bad == 1 && first_bad == 0 && w.count >= 4);
}

/* What may stand before "bonnie++" on its command line. */
static bool
is_prompt_word(const char *w, size_t n)
{
	static const char *const wrappers[] = {"sudo", "time", "nice",
	    "ionice", "taskset", "numactl", "exec"};

	if (n == 0 || strchr("%$#>:", w[n - 1]) || w[0] == '-' ||
	    isdigit((unsigned char)w[0]))
		return true;
	for (size_t i = 0; i < sizeof wrappers / sizeof *wrappers; i++)
		if (strlen(wrappers[i]) == n && memcmp(w, wrappers[i], n) == 0)
			return true;
	return false;
}

/* A bonnie++ command line, its elided or progress output: kept with
 * the table it made. */
static bool
is_preamble(const char *s)
{
	const char *b = strstr(s, "bonnie++");

	while (*s == ' ')
		s++;
	if (strcmp(s, "[...]") == 0 || strcmp(s, "...") == 0 ||
	    strstr(s, "...done") || strncmp(s, "Using uid:", 10) == 0)
		return true;
	if (b == NULL || (b[8] != '\0' && strncmp(b + 8, " -", 2) != 0))
		return false;
	while (s < b) {
		size_t n = strcspn(s, " ");

		if (s + n >= b)
			break;		/* a path: "/usr/sbin/bonnie++" */
		if (!is_prompt_word(s, n))
			return false;
		s += n;
		s += strspn(s, " ");
	}
	return true;
}

/*
 * The split of one post.
 */
enum line_kind {
	L_PROSE,
	L_TABLE,	/* bonnie++ output of a configuration */
	L_PRE,		/* its command line */
	L_SKIP		/* bonnie++ output quoted again */
};

struct anchor {
	long no;
	size_t at;	/* clean line */
	char *name;
};

struct config {
	size_t first, table, last;	/* clean lines: preamble, table, end */
	size_t region;			/* first line of its prose */
	size_t caption;			/* first line of its last paragraph */
	size_t samples;
	const char *host;
	long host_no;
	char *host_text;
};

struct post {
	const struct guesser *gs;
	const char *file;
	const char *buf;
	size_t len;
	struct lines ls;
	unsigned char *kind;
	struct anchor *an;
	size_t nan;
	struct results rs;
	struct config *cf;
	size_t ncf, cfcap;
	struct guesses g;
	bool html;		/* a web page: its tags are not prose */
	size_t *off;		/* where each line of buf starts */
	long nlines;
};

static bool
contains(const char *, const char *);

/* Whether the post is a web page rather than mail or plain text. */
static bool
looks_like_html(const char *buf)
{
	return contains(buf, "<br") || contains(buf, "<pre") ||
	    contains(buf, "</p>") || contains(buf, "<div");
}

/* The text of a line of a web page, tags taken out ("<b>", "</pre>"),
 * not "<someone@example.org>". In place. */
static void
strip_tags(char *s)
{
	char *o = s;

	while (*s) {
		size_t n = 1;

		if (*s == '<') {
			n += s[n] == '/';
			if (isalpha((unsigned char)s[n])) {
				while (isalnum((unsigned char)s[n]))
					n++;
				if (s[n] == ' ' || s[n] == '/' || s[n] == '>')
					n += strcspn(s + n, ">");
				if (s[n] == '>') {
					s += n + 1;
					continue;
				}
			}
			n = 1;
		}
		*o++ = *s++;
	}
	*o = '\0';
}

/* Entities of web pages the line reader leaves alone; in place (each
 * is longer than its UTF-8). */
static void
decode_entities(char *s)
{
	static const struct {
		const char *name, *utf8;
	} ents[] = {
		{"&raquo;", "\xc2\xbb"}, {"&laquo;", "\xc2\xab"},
		{"&bull;", "\xe2\x80\xa2"}, {"&mdash;", "\xe2\x80\x94"},
		{"&ndash;", "\xe2\x80\x93"}, {"&hellip;", "\xe2\x80\xa6"},
	};
	char *o = s;

	while (*s) {
		size_t k, n = sizeof ents / sizeof *ents;

		for (k = 0; *s == '&' && k < n; k++)
			if (strncmp(s, ents[k].name, strlen(ents[k].name)) == 0)
				break;
		if (*s == '&' && k < n) {
			memcpy(o, ents[k].utf8, strlen(ents[k].utf8));
			o += strlen(ents[k].utf8);
			s += strlen(ents[k].name);
		} else {
			*o++ = *s++;
		}
	}
	*o = '\0';
}

/* A Markdown fence ("```text"): the line reader keeps its info word. */
static bool
is_fence(const struct post *p, const struct line *l)
{
	const char *s;

	if (l->no < 1 || l->no > p->nlines)
		return false;
	s = p->buf + p->off[l->no];
	s += strspn(s, " \t");
	return strncmp(s, "```", 3) == 0 || strncmp(s, "~~~", 3) == 0;
}

/* A line of prose as text: trimmed, a web page's markup taken out. */
static char *
prose_text(const struct post *p, const struct line *l)
{
	char *t;

	if (is_fence(p, l))
		return xstrdup("");
	t = trimmed(l->text, l->len);

	if (p->html) {
		char *u;

		strip_tags(t);
		decode_entities(t);
		u = trimmed(t, strlen(t));
		free(t);
		t = u;
	}
	return t;
}

/* The clean line a result stands on. */
static size_t
line_at(const struct post *p, long no)
{
	size_t lo = 0, hi = p->ls.n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (p->ls.v[mid].no < no)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < p->ls.n ? lo : p->ls.n - 1;
}

static void
read_post(struct post *p, struct diags *d)
{
	struct results raw = {0};

	lines_read(&p->ls, p->buf, p->len, SIDE_ALL);
	reader_read(p->file, p->buf, p->len, NULL, &raw, d);
	p->an = xcalloc(raw.n + 1, sizeof *p->an);
	for (size_t i = 0; i < raw.n; i++) {
		p->an[i].no = raw.v[i].line;
		p->an[i].at = line_at(p, raw.v[i].line);
		p->an[i].name = xstrdup(raw.v[i].name ? raw.v[i].name : "");
	}
	p->nan = raw.n;
	reader_merge(&raw, d);
	p->rs = raw;
}

/* Marks the lines of bonnie++ output around each result. */
static void
mark_tables(struct post *p, bool *in)
{
	for (size_t k = 0; k < p->nan; k++) {
		size_t a = p->an[k].at, i;

		in[a] = true;
		for (i = a; i > 0 && !in[i - 1] &&
		    is_table_line(&p->ls, i - 1); i--)
			in[i - 1] = true;
		for (i = a + 1; i < p->ls.n && !in[i] &&
		    is_table_line(&p->ls, i); i++)
			in[i] = true;
	}
}

static size_t
results_in(const struct post *p, size_t first, size_t last,
    const struct result **one)
{
	size_t n = 0;

	for (size_t i = 0; i < p->rs.n; i++) {
		size_t at = line_at(p, p->rs.v[i].line);

		if (at >= first && at <= last) {
			if (n++ == 0 && one)
				*one = &p->rs.v[i];
		}
	}
	return n;
}

/* Tables with only blank lines between them, at one quote depth, are one
 * configuration: its iterations, or a table and its CSV line. */
static void
group_tables(struct post *p, const bool *in)
{
	size_t i = 0;

	while (i < p->ls.n) {
		size_t s, e, j;
		const struct result *one = NULL;

		if (!in[i]) {
			i++;
			continue;
		}
		s = i;
		for (e = i; ; e = j) {
			while (e + 1 < p->ls.n && in[e + 1])
				e++;
			for (j = e + 1; j < p->ls.n && blank(&p->ls.v[j]) &&
			    !in[j]; j++)
				;
			if (j >= p->ls.n || !in[j] ||
			    p->ls.v[j].quote != p->ls.v[s].quote)
				break;
		}
		i = e + 1;
		size_t n = results_in(p, s, e, &one);

		for (j = s; j <= e; j++)
			p->kind[j] = n ? L_TABLE : L_SKIP;
		if (n == 0)
			continue;	/* all quoted again: said by the reader */
		xgrow((void **)&p->cf, &p->cfcap, p->ncf + 1,
		    sizeof *p->cf);
		struct config *c = &p->cf[p->ncf++];

		memset(c, 0, sizeof *c);
		c->first = c->table = s;
		c->last = e;
		c->samples = n;
		c->host = one->name;
	}
}

/* Its command line and the prose before it, up to the previous one. */
static void
find_prose(struct post *p)
{
	for (size_t k = 0; k < p->ncf; k++) {
		struct config *c = &p->cf[k];
		size_t i;

		c->region = k ? p->cf[k - 1].last + 1 : 0;
		while (c->first > c->region && p->kind[c->first - 1] ==
		    L_PROSE && is_preamble(p->ls.v[c->first - 1].text))
			p->kind[--c->first] = L_PRE;
		/* the caption: the last paragraph before it */
		for (i = c->first; i > c->region && (p->kind[i - 1] != L_PROSE ||
		    blank(&p->ls.v[i - 1])); i--)
			;
		while (i > c->region && p->kind[i - 1] == L_PROSE &&
		    !blank(&p->ls.v[i - 1]))
			i--;
		c->caption = i;
	}
}

/* The machine name and the line that shows it whole (the CSV line when
 * the table cut it short). */
static void
find_host(struct post *p, struct config *c)
{
	if (c->host == NULL || *c->host == '\0')
		return;
	for (size_t k = 0; k < p->nan; k++) {
		if (p->an[k].at < c->table || p->an[k].at > c->last ||
		    strcmp(p->an[k].name, c->host) != 0)
			continue;
		const struct line *l = &p->ls.v[p->an[k].at];

		c->host_no = l->no;
		c->host_text = trimmed(l->text, l->len);
		return;
	}
}

/* A mail client's cut: a long line ending in a blank, and a short rest
 * ("(rev 03)", "/dev/sdd1 /dev/sde1"). */
static bool
continues(const struct post *p, size_t i, size_t end)
{
	const struct line *l = &p->ls.v[i], *n;

	if (i + 1 >= end || l->len < WRAP_WIDTH || l->text[l->len - 1] != ' ')
		return false;
	n = &p->ls.v[i + 1];
	return p->kind[i + 1] == p->kind[i] && !blank(n) && n->len < 40;
}

static void
add_post_guess(struct guesses *gs, size_t i)
{
	xgrow((void **)&gs->post, &gs->cappost, gs->npost + 1,
	    sizeof *gs->post);
	gs->post[gs->npost++] = i;
}

/* Guesses from every line of prose before each configuration, in their
 * order: those of one configuration stand together (region_range). */
static void
guess_post(struct post *p)
{
	for (size_t k = 0; k < p->ncf; k++) {
		struct config *c = &p->cf[k];

		for (size_t i = c->region; i < c->table; i++) {
			const struct line *l = &p->ls.v[i];
			size_t first = p->g.n;
			char *text;

			if (p->kind[i] == L_SKIP || p->kind[i] == L_TABLE ||
			    blank(l))
				continue;
			text = prose_text(p, l);
			if (continues(p, i, c->table)) {
				char *rest = prose_text(p, &p->ls.v[i + 1]);
				char *both = xasprintf("%s %s", text, rest);

				free(text);
				free(rest);
				text = both;
			}
			guess_line(p->gs, text, l->no, i, &p->g);
			free(text);
			for (size_t j = first; j < p->g.n; j++) {
				p->g.v[j].region = (int)k;
				p->g.v[j].caption = i >= c->caption;
				p->g.v[j].command = p->kind[i] == L_PRE;
				if (p->g.v[j].flags & GUESS_POST)
					add_post_guess(&p->g, j);
			}
			if (continues(p, i, c->table))
				i++;
		}
	}
}

/*
 * Choosing among the guesses for one key of one configuration: first
 * what its caption says, then the rest of its prose, then a default the
 * post states, then (for the machine's keys) the start of the post.
 * Within one of these, the more specific rule, then the nearer line.
 */
struct choice {
	const struct guess *ev[8];	/* evidence */
	size_t nev;
	char *value;
	const struct guess *alt[3];	/* what other lines say */
	size_t nalt;
};

static bool
same_controller(const char *a, const char *b)
{
	size_t n = strlen(a) < strlen(b) ? strlen(a) : strlen(b);

	return strncasecmp(a, b, n) == 0;
}

static bool
in_tier(const struct guess *g, int tier, int k)
{
	/* tier 3 is narrowed further by inherits() */
	switch (tier) {
	case 0:
		return g->region == k && g->caption;
	case 1:
		return g->region == k && !g->caption;
	case 2:
		return (g->flags & GUESS_POST) && g->region <= k;
	default:
		return k > 0 && g->region == 0 && !g->command && key_in(g->key,
		    inherited_keys, sizeof inherited_keys /
		    sizeof *inherited_keys);
	}
}

static bool
usable(const struct guess *g, const char *key, const char *controller)
{
	return strcmp(g->key, key) == 0 && (g->tie == NULL ||
	    controller == NULL || same_controller(g->tie, controller));
}

/* The first guess of a region at least k (guesses are in region order). */
static size_t
region_start(const struct guesses *gs, int k)
{
	size_t lo = 0, hi = gs->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (gs->v[mid].region < k)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The guesses of configuration k's prose: [*lo, *hi). Looked up, not
 * scanned for: a big post has thousands of configurations. */
static void
region_range(const struct guesses *gs, int k, size_t *lo, size_t *hi)
{
	*lo = region_start(gs, k);
	*hi = region_start(gs, k + 1);
}

/* Whether configuration k's own prose names its controller or chipset
 * (a driver named alone may be the one the post started with). */
static bool
names_storage(const struct guesses *gs, int k)
{
	size_t lo, hi;

	region_range(gs, k, &lo, &hi);
	for (size_t i = lo; i < hi; i++)
		if (gs->v[i].region == k &&
		    (strcmp(gs->v[i].key, "controller") == 0 ||
		    strcmp(gs->v[i].key, "chipset") == 0))
			return true;
	return false;
}

/* An inherited guess about the storage path only goes to a run that
 * names none of it, or to one whose controller it was said of. */
static bool
inherits(const struct guesses *gs, const struct guess *g, int k,
    const char *controller)
{
	if (!key_in(g->key, storage_keys, sizeof storage_keys /
	    sizeof *storage_keys) || !names_storage(gs, k))
		return true;
	return g->tie && controller && same_controller(g->tie, controller);
}

static void
add_evidence(struct choice *ch, const struct guess *g)
{
	for (size_t i = 0; i < ch->nev; i++)
		if (ch->ev[i]->line == g->line)
			return;
	if (ch->nev < sizeof ch->ev / sizeof *ch->ev)
		ch->ev[ch->nev++] = g;
}

/* The guesses a tier may take them from, as a range of gs->v or (the
 * post-wide ones of tier 2) a list of indices. */
struct candidates {
	size_t lo, hi;
	const size_t *idx;
};

static struct candidates
tier_candidates(const struct guesses *gs, int tier, int k)
{
	struct candidates c = {0, 0, NULL};

	if (tier == 2) {
		c.hi = gs->npost;
		c.idx = gs->post;
	} else {
		region_range(gs, tier == 3 ? 0 : k, &c.lo, &c.hi);
	}
	return c;
}

static const struct guess *
candidate(const struct guesses *gs, const struct candidates *c, size_t i)
{
	return &gs->v[c->idx ? c->idx[i] : i];
}

/* mdadm arrays built one by one: their members add up. */
static void
sum_counts(const struct guesses *gs, const struct guess *best, int tier,
    int k, struct choice *ch)
{
	long total = 0;

	struct candidates c = tier_candidates(gs, tier, k);

	ch->nev = 0;
	for (size_t i = c.lo; i < c.hi; i++) {
		const struct guess *g = candidate(gs, &c, i);
		bool seen = false;

		if (strcmp(g->key, best->key) != 0 || !(g->flags & GUESS_SUM) ||
		    g->prio != best->prio || !in_tier(g, tier, k))
			continue;
		for (size_t e = 0; e < ch->nev; e++)
			seen |= strcmp(ch->ev[e]->text, g->text) == 0;
		if (seen)
			continue;
		add_evidence(ch, g);
		total += strtol(g->value, NULL, 10);
	}
	free(ch->value);
	ch->value = xasprintf("%ld", total);
}

/* "3Ware" in a caption, "3Ware 7450" earlier in the post: the model. */
static void
complete_vendor(const struct guesses *gs, int k, struct choice *ch)
{
	const struct guess *found = NULL;
	size_t n = strlen(ch->value);

	for (size_t i = 0; i < gs->n; i++) {
		const struct guess *g = &gs->v[i];

		if (strcmp(g->key, "controller") != 0 || g->prio < 2 ||
		    g->region > k || strncasecmp(g->value, ch->value, n) != 0 ||
		    (g->value[n] != ' ' && g->value[n] != '-'))
			continue;
		if (found && strcasecmp(found->value, g->value) != 0)
			return;		/* two models: do not choose */
		found = g;
	}
	if (found) {
		free(ch->value);
		ch->value = xstrdup(found->value);
		add_evidence(ch, found);
	}
}

static bool
contains(const char *hay, const char *needle)
{
	for (size_t n = strlen(needle); *hay; hay++)
		if (strncasecmp(hay, needle, n) == 0)
			return true;
	return false;
}

/* What other lines of its own prose say, unless it only says less
 * ("Xeon" beside "3.2Ghz Xeon", a bare vendor). */
static void
find_alternatives(const struct guesses *gs, const char *key, int k,
    struct choice *ch)
{
	size_t lo, hi;

	region_range(gs, k, &lo, &hi);
	for (size_t i = lo; i < hi && ch->nalt < 3; i++) {
		const struct guess *g = &gs->v[i];
		bool dup;

		/* The cheap tests first: a big post has many guesses. */
		if (strcmp(g->key, key) != 0 || g->region != k ||
		    (g->flags & GUESS_VENDOR))
			continue;
		dup = contains(ch->value, g->value) ||
		    contains(g->value, ch->value);
		for (size_t e = 0; e < ch->nev; e++)
			dup |= ch->ev[e] == g;
		for (size_t a = 0; a < ch->nalt; a++)
			dup |= strcasecmp(ch->alt[a]->value, g->value) == 0;
		if (!dup)
			ch->alt[ch->nalt++] = g;
	}
}

static const struct guess *
best_in_tier(const struct guesses *gs, const char *key, int tier, int k,
    const char *controller)
{
	struct candidates c = tier_candidates(gs, tier, k);
	const struct guess *best = NULL;

	for (size_t i = c.lo; i < c.hi; i++) {
		const struct guess *g = candidate(gs, &c, i);

		if (!usable(g, key, controller) || !in_tier(g, tier, k) ||
		    (tier == 3 && !inherits(gs, g, k, controller)))
			continue;
		if (best == NULL || g->prio > best->prio ||
		    (g->prio == best->prio && g->at > best->at))
			best = g;
	}
	return best;
}

static bool
choose(const struct guesses *gs, const char *key, int k,
    const char *controller, struct choice *ch)
{
	const struct guess *best = NULL;
	int tier;

	memset(ch, 0, sizeof *ch);
	for (tier = 0; tier < 4 && best == NULL; tier++)
		best = best_in_tier(gs, key, tier, k, controller);
	if (best == NULL)
		return false;
	ch->value = xstrdup(best->value);
	add_evidence(ch, best);
	if (best->flags & GUESS_SUM)
		sum_counts(gs, best, tier - 1, k, ch);
	if (best->flags & GUESS_VENDOR)
		complete_vendor(gs, k, ch);
	find_alternatives(gs, key, k, ch);
	return true;
}

/* The evidence as one comment line, cut to a readable length. */
static void
put_text(struct sbuf *b, const char *text)
{
	size_t n = strlen(text);

	if (n > 100) {
		n = 97;
		while (n > 0 && ((unsigned char)text[n] & 0xc0) == 0x80)
			n--;
		sb_add(b, text, n);
		sb_puts(b, "...");
	} else {
		sb_add(b, text, n);
	}
}

static void
put_evidence(struct sbuf *b, const struct choice *ch)
{
	for (size_t i = 0; i < ch->nev; i++) {
		sb_printf(b, "# from line %ld: ", ch->ev[i]->line);
		put_text(b, ch->ev[i]->text);
		sb_puts(b, "\n");
	}
}

/* The evidence of a value made of two parts, each line once. */
static void
put_both(struct sbuf *b, const struct choice *x, const struct choice *y)
{
	struct choice all = {0};

	for (size_t i = 0; x && i < x->nev; i++)
		add_evidence(&all, x->ev[i]);
	for (size_t i = 0; y && i < y->nev; i++)
		add_evidence(&all, y->ev[i]);
	put_evidence(b, &all);
}

static void
put_alternatives(struct sbuf *b, const struct choice *ch)
{
	for (size_t i = 0; i < ch->nalt; i++) {
		sb_printf(b, "# but line %ld gives %s: ", ch->alt[i]->line,
		    ch->alt[i]->value);
		put_text(b, ch->alt[i]->text);
		sb_puts(b, "\n");
	}
}

static void
choice_free(struct choice *ch)
{
	free(ch->value);
	ch->value = NULL;
}

/* "disks: 4 x ST3400832AS" from a count and a model found apart. */
static void
put_disks(struct sbuf *b, const struct guesses *gs, int k)
{
	struct choice n, m;
	bool has_n = choose(gs, "disks.count", k, NULL, &n);
	bool has_m = choose(gs, "disks.model", k, NULL, &m);

	put_both(b, has_n ? &n : NULL, has_m ? &m : NULL);
	if (has_n && has_m)
		sb_printf(b, "disks: %s x %s\n", n.value, m.value);
	else if (has_n)
		sb_printf(b, "disks: %s\n", n.value);
	else if (has_m)
		sb_printf(b, "# disks: ? x %s (how many was not found; a model "
		    "alone would mean one disk)\n", m.value);
	if (has_n)
		put_alternatives(b, &n);
	if (has_m)
		put_alternatives(b, &m);
	choice_free(&n);
	choice_free(&m);
}

/* "raid: raid0 md": the level, and whether md or a card does it. */
static void
put_raid(struct sbuf *b, const struct guesses *gs, int k)
{
	struct choice l, w;
	bool has_w;

	if (!choose(gs, "raid.level", k, NULL, &l))
		return;
	has_w = strcmp(l.value, "none") != 0 &&
	    choose(gs, "raid.kind", k, NULL, &w);
	put_both(b, &l, has_w ? &w : NULL);
	if (has_w) {
		sb_printf(b, "raid: %s %s\n", l.value, w.value);
		choice_free(&w);
	} else {
		sb_printf(b, "raid: %s\n", l.value);
	}
	put_alternatives(b, &l);
	choice_free(&l);
}

static const char *const meta_order[] = {"date", "host", "chipset",
    "controller", "bus", "disks", "raid", "chunk", "filesystem",
    "mount-options", "kernel", "os", "scheduler", "readahead",
    "queue-depth", "write-cache", "cpu", "memory", "motherboard", "driver",
    "firmware", "bonnie-options"};

static char *
make_meta(const struct post *p, int k, const char *name)
{
	const struct config *c = &p->cf[k];
	struct sbuf b = {0};
	struct choice ctl;
	bool has_ctl = choose(&p->g, "controller", k, NULL, &ctl);

	sb_printf(&b, "# Guessed by \"benchsite import\" from %s, lines "
	    "%ld-%ld.\n# Each value is read from the line named above it: "
	    "check them.\n", name, p->ls.v[c->first].no, p->ls.v[c->last].no);
	for (size_t i = 0; i < sizeof meta_order / sizeof *meta_order; i++) {
		const char *key = meta_order[i];
		struct choice ch;

		if (strcmp(key, "host") == 0 && c->host_text) {
			sb_printf(&b, "# from line %ld: ", c->host_no);
			put_text(&b, c->host_text);
			sb_printf(&b, "\nhost: %s\n", c->host);
		} else if (strcmp(key, "disks") == 0) {
			put_disks(&b, &p->g, k);
		} else if (strcmp(key, "raid") == 0) {
			put_raid(&b, &p->g, k);
		} else if (choose(&p->g, key, k, has_ctl ? ctl.value : NULL,
		    &ch)) {
			put_evidence(&b, &ch);
			sb_printf(&b, "%s: %s\n", key, ch.value);
			put_alternatives(&b, &ch);
			choice_free(&ch);
		}
	}
	if (has_ctl)
		choice_free(&ctl);
	return b.p;
}

/* The prose before a configuration, blank runs made one, as Markdown. */
static char *
make_notes(const struct post *p, const struct config *c)
{
	struct sbuf b = {0};
	bool gap = false;

	for (size_t i = c->region; i < c->first; i++) {
		char *t;

		if (p->kind[i] != L_PROSE)
			continue;
		t = prose_text(p, &p->ls.v[i]);
		if (*t == '\0') {
			gap = b.n > 0;
		} else {
			if (gap)
				sb_puts(&b, "\n");
			gap = false;
			sb_puts(&b, t);
			sb_puts(&b, "\n");
		}
		free(t);
	}
	return b.p;
}

/* Commands, paths, asides and underlines make poor names. */
static bool
names_well(const char *s)
{
	static const char *const commands[] = {"mdadm", "pvcreate", "vgcreate",
	    "lvcreate", "mke2fs", "mkfs", "mount", "bonnie++", "hdparm",
	    "blockdev", "echo", "cat", "dd", "tune2fs", "sysctl", "modprobe",
	    "lspci", "uname", "sudo", "tw_cli", "zpool", "newfs", "$", "#"};

	while (*s == ' ')
		s++;
	if (*s == '(' || *s == '/' || strspn(s, "-=_~* ") == strlen(s))
		return false;
	for (size_t i = 0; i < sizeof commands / sizeof *commands; i++) {
		size_t c = strlen(commands[i]);

		if (strncmp(s, commands[i], c) == 0 && (s[c] == ' ' ||
		    s[c] == '.' || s[c] == '\0'))
			return false;
	}
	return true;
}

/* The name of a run: the first line of the last paragraph above it that
 * names well (not a command, an aside in parentheses, an underline). */
static char *
make_slug(const struct post *p, const struct config *c)
{
	size_t end = c->first;

	for (;;) {
		size_t s;

		while (end > c->region && (p->kind[end - 1] != L_PROSE ||
		    blank(&p->ls.v[end - 1])))
			end--;
		if (end == c->region)
			return xstrdup("run");
		for (s = end; s > c->region && p->kind[s - 1] == L_PROSE &&
		    !blank(&p->ls.v[s - 1]); s--)
			;
		char *t = prose_text(p, &p->ls.v[s]);

		if (names_well(t)) {
			char *slug = import_slug(t);

			if (*slug) {
				free(t);
				return slug;
			}
			free(slug);
		}
		free(t);
		end = s;
	}
}

/* Byte offset of each line of the post (1-based), and of its end. */
static size_t *
line_offsets(const char *buf, size_t len, long *nlines)
{
	size_t cap = 0, *off = NULL, start = 0;
	long n = 0;

	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		start = 3;
	xgrow((void **)&off, &cap, 2, sizeof *off);
	off[1] = start;
	for (size_t i = start; i < len; i++) {
		if (buf[i] != '\n')
			continue;
		n++;
		xgrow((void **)&off, &cap, (size_t)n + 2, sizeof *off);
		off[n + 1] = i + 1;
	}
	if (off[n + 1] < len) {
		n++;
		xgrow((void **)&off, &cap, (size_t)n + 2, sizeof *off);
		off[n + 1] = len;
	}
	*nlines = n;
	return off;
}

static char *
make_bonnie(const struct post *p, const struct config *c)
{
	long a = p->ls.v[c->first].no, z = p->ls.v[c->last].no;
	struct sbuf b = {0};

	if (z > p->nlines)
		z = p->nlines;
	sb_add(&b, p->buf + p->off[a], p->off[z + 1] - p->off[a]);
	if (b.n == 0 || b.p[b.n - 1] != '\n')
		sb_puts(&b, "\n");
	return b.p;
}

static const char *
base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

void
import_split(const struct guesser *gs, const char *file, const char *buf,
    size_t len, struct import_runs *out, struct diags *d)
{
	struct post p = {.gs = gs, .file = file, .buf = buf, .len = len};
	size_t cap = out->cap;
	bool *in;

	p.html = looks_like_html(buf);
	p.off = line_offsets(buf, len, &p.nlines);
	read_post(&p, d);
	in = xcalloc(p.ls.n + 1, sizeof *in);
	p.kind = xcalloc(p.ls.n + 1, 1);
	if (p.ls.n > 0) {
		mark_tables(&p, in);
		group_tables(&p, in);
	}
	find_prose(&p);
	guess_post(&p);
	for (size_t k = 0; k < p.ncf; k++) {
		struct config *c = &p.cf[k];
		struct import_run *r;

		find_host(&p, c);
		xgrow((void **)&out->v, &cap, out->n + 1, sizeof *out->v);
		out->cap = cap;
		r = &out->v[out->n++];
		r->slug = make_slug(&p, c);
		r->first = p.ls.v[c->first].no;
		r->last = p.ls.v[c->last].no;
		r->samples = c->samples;
		r->bonnie = make_bonnie(&p, c);
		r->notes = make_notes(&p, c);
		r->meta = make_meta(&p, (int)k, base_name(file));
		free(c->host_text);
	}
	if (p.ncf == 0)
		diags_add(d, MSG_WARNING, file, 0, "no bonnie++ output found; "
		    "nothing imported");
	free(p.off);
	free(in);
	free(p.kind);
	for (size_t i = 0; i < p.nan; i++)
		free(p.an[i].name);
	free(p.an);
	free(p.cf);
	guesses_free(&p.g);
	results_free(&p.rs);
	lines_free(&p.ls);
}

void
import_runs_free(struct import_runs *rs)
{
	for (size_t i = 0; i < rs->n; i++) {
		free(rs->v[i].slug);
		free(rs->v[i].bonnie);
		free(rs->v[i].notes);
		free(rs->v[i].meta);
	}
	free(rs->v);
	memset(rs, 0, sizeof *rs);
}

/*
 * Writing: a directory per post (never one that exists), a directory per
 * configuration in it, numbered in the post's order.
 */
static int
write_file(const char *dir, const char *name, const char *text,
    struct diags *d)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *f = fopen(path, "wx");
	int bad;

	if (f == NULL) {
		diags_add(d, MSG_SYSERR, path, 0, "cannot create: %s",
		    strerror(errno));
		free(path);
		return -1;
	}
	bad = fputs(text, f) == EOF;
	if (fclose(f) != 0 || bad) {
		diags_add(d, MSG_SYSERR, path, 0, "cannot write: %s",
		    strerror(errno));
		free(path);
		return -1;
	}
	free(path);
	return 0;
}

/* Makes a new directory named base, or base-2, base-3...; NULL if none
 * could be made. */
static char *
new_dir(const char *base, const char *file, struct diags *d)
{
	for (int n = 1; n < 100; n++) {
		char *dir = n == 1 ? xstrdup(base) :
		    xasprintf("%s-%d", base, n);

		if (mkdir(dir, 0777) == 0) {
			if (n > 1)
				diags_add(d, MSG_NOTE, file, 0, "%s exists; "
				    "imported into %s", base, dir);
			return dir;
		}
		if (errno != EEXIST) {
			diags_add(d, MSG_SYSERR, dir, 0, "cannot create: %s",
			    strerror(errno));
			free(dir);
			return NULL;
		}
		free(dir);
	}
	diags_add(d, MSG_SYSERR, base, 0, "exists, and so do %s-2 to %s-99; "
	    "not imported", base, base);
	return NULL;
}

/* The post's file name without its extension, as a slug. */
static char *
post_slug(const char *file)
{
	const char *base = strcmp(file, "-") == 0 ? "stdin" : base_name(file);
	const char *dot = strrchr(base, '.');
	char *name = dot && dot != base ? xstrndup(base, (size_t)(dot - base)) :
	    xstrdup(base);
	char *slug;

	for (char *q = name; *q; q++)
		if (*q == '_')
			*q = '-';
	slug = import_slug(name);
	if (*slug == '\0') {
		free(slug);
		slug = xstrdup("post");
	}
	free(name);
	return slug;
}

static int
write_runs(const char *root, const char *file, const struct import_runs *rs,
    struct diags *d)
{
	char *slug = post_slug(file), *base = xasprintf("%s/%s", root, slug);
	char *dir = new_dir(base, file, d);
	int bad = dir == NULL;

	for (size_t k = 0; dir && k < rs->n && !bad; k++) {
		const struct import_run *r = &rs->v[k];
		char *run = xasprintf("%s/%zu-%s", dir, k + 1, r->slug);

		if (mkdir(run, 0777) != 0) {
			diags_add(d, MSG_SYSERR, run, 0, "cannot create: %s",
			    strerror(errno));
			bad = 1;
		} else {
			bad = write_file(run, "bonnie.txt", r->bonnie, d) ||
			    write_file(run, "meta", r->meta, d) ||
			    (r->notes && write_file(run, "notes.md", r->notes,
			    d));
			printf("%s\n", run);
		}
		free(run);
	}
	free(dir);
	free(base);
	free(slug);
	return bad ? -1 : 0;
}

static int
import_usage(void)
{
	fputs("usage: benchsite import [-o RUNS] FILE...\n", stderr);
	return EXIT_INPUT;
}

int
cmd_import(int argc, char **argv)
{
	const char *root = "runs";
	struct diags d = {0};
	struct guesser *gs;
	int i = 1, failed = 0;

	for (; i < argc && argv[i][0] == '-' && argv[i][1] != '\0'; i++) {
		if (strcmp(argv[i], "--") == 0) {
			i++;
			break;
		}
		if (strcmp(argv[i], "-o") != 0 || i + 1 >= argc)
			return import_usage();
		root = argv[++i];
	}
	if (i == argc || *root == '\0')
		return import_usage();
	if ((gs = guesser_new()) == NULL)
		return EXIT_INTERNAL;
	if (mkdir(root, 0777) != 0 && errno != EEXIST) {
		diags_add(&d, MSG_SYSERR, root, 0, "cannot create: %s",
		    strerror(errno));
		failed = 1;
	}
	for (; i < argc && !failed; i++) {
		struct import_runs rs = {0};
		size_t len;
		char *buf = file_read(argv[i], DEFAULT_MAX_FILE_SIZE, &len, &d);
		const char *name = strcmp(argv[i], "-") == 0 ? "<stdin>" :
		    argv[i];

		if (buf == NULL)
			continue;
		import_split(gs, name, buf, len, &rs, &d);
		if (rs.n > 0 && write_runs(root, argv[i], &rs, &d) != 0)
			failed = 1;
		import_runs_free(&rs);
		free(buf);
	}
	guesser_free(gs);
	if (fflush(stdout) != 0)
		failed = 1;
	int status = failed || (d.n && d.worst == MSG_SYSERR) ? EXIT_INTERNAL :
	    d.n && d.worst >= MSG_ERROR ? EXIT_INPUT : EXIT_DONE;

	diags_free(&d);
	return status;
}
