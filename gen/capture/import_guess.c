/* The guesser: the rules that read meta values out of a line of prose
 * ("four Seagate ST3400832AS on a 3ware 9500S"), each with the line it
 * came from and how specific its rule is. Choosing among them for a
 * configuration is import_meta.c's. */
#include "base/buf.h"
#include "capture/import_int.h"
#include "base/xalloc.h"

#include <ctype.h>
#include <regex.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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
/* Only where no rule before it guessed the key from the line (its
 * second key, when it has one): a looser reading of what a stricter one
 * reads better. */
#define R_FALLBACK 0x200u
#define R_ONLY (R_ICASE | R_FALLBACK)

static char *fix_lower(const char *);
static char *fix_count(const char *);
static char *fix_sum(const char *);
static char *fix_raid(const char *);
static char *fix_model(const char *);
static char *fix_named_model(const char *);
static char *fix_spaced_model(const char *);
static char *fix_kernel(const char *);
static char *fix_named_count(const char *);
static char *fix_part_number(const char *);
static char *fix_part_count(const char *);
static char *fix_date(const char *);
static char *fix_iso(const char *);
static char *fix_numeric_date(const char *);
static char *fix_bus(const char *);
static char *fix_distro(const char *);
static char *fix_onoff(const char *);
static char *fix_chunk(const char *);
static char *fix_mem(const char *);
static char *fix_controller(const char *);
static char *fix_board(const char *);
static char *fix_options(const char *);
static char *fix_members(const char *);
static char *fix_zpool_level(const char *);
static char *fix_zpool_disks(const char *);

/* Word edges (POSIX ERE has no \b); each is one group. */
#define WB "(^|[^[:alnum:]])"
#define WE "([^[:alnum:]]|$)"
/* The end of a distribution's release: not a kernel's release that
 * follows its name ("RedHat 2.4.5-10smp" is a kernel's, 2.4.5-10smp),
 * nor the number's next part; a sentence's full stop may follow. */
#define OS_RELEASE_END "([^-.[:alnum:]]|[.]([^0-9]|$)|-([^[:alnum:]]|$)|$)"
/* The same where a word is not a file's name before its extension. */
#define WE_NOT_FILE "([^[:alnum:].]|[.]([^[:alnum:]]|$)|$)"
/* Before a count: no digit's point either ("M.2 SSD" is one SSD), nor a
 * clock's or a date's ("00:05 ssd" is no five SSDs). */
#define WBN "(^|[^[:alnum:].:/])"
/* The same, nor an option's value ("fio --name=onedisk": a job's name,
 * no count). */
#define WBN_PROSE "(^|[^[:alnum:].:/=])"
#define NUMW "([0-9]{1,2}|one|two|three|four|five|six|seven|eight|nine|" \
	"ten|twelve|sixteen|zwei|drei|vier|fünf|sechs|acht|zehn|zwölf)"
#define SCHED "(mq-deadline|anticipatory|deadline|noop|cfq|bfq|kyber)"
#define MODEL "(ST[0-9]{3,8}[A-Z]{1,3}[0-9]{0,4}|WD[0-9]{2,5}[A-Z]{2,4}" \
	"[0-9A-Z-]*|MA[NSXPW][0-9]{4}[A-Z]{0,2}|HD[ST][0-9]{6}[A-Z0-9]*|" \
	"HU[AS][0-9]{6}[A-Z0-9]*|DT01ACA[0-9]{3}|Maxtor [0-9][A-Z0-9]{5,}|" \
	"IBM [0-9]+ ?G[Bb]?[a-z]*|Samsung (PM|SM)[0-9][0-9A-Z]{1,4}|" \
	"Samsung (SSD )?[0-9]{3} (EVO|PRO|QVO)( Plus)?|Intel (DC )?[PS][0-9]{4}[A-Z]?|" \
	"Micron [0-9]{4}( PRO| MAX| ION)?|Crucial (MX|BX|P)[0-9]{3}|" \
	"WD (Red|Black|Blue|Green|Gold)( Plus| Pro)?|WD (RE[0-9]?|Raptor|" \
	"VelociRaptor)|(Deskstar|Ultrastar) [0-9A-Z]{3,}[0-9A-Z.]*|" \
	"(Barracuda|Cheetah|Savvio) [0-9A-Z]+[0-9A-Z.]*)"
/* A maker's name before a model number: "4 x Seagate ST3500630AS". */
#define MAKER "((Seagate|Western Digital|Hitachi|HGST|IBM|Maxtor|Samsung|" \
	"Toshiba|Fujitsu) )?"
/* A disk named by its maker and up to three words after it, each with
 * a capital or a digit, the last with a digit: "Maxtor DiamondMax VL40",
 * "Fujitsu U320", "Samsung SSD 860", "Samsung 9a3" (not "pci" after it);
 * read only where a count of disks goes with it (fix_named_model
 * refuses a processor's or memory's name). */
#define NAMED_MODEL "((Seagate|Western Digital|WD|Hitachi|HGST|IBM|Maxtor|" \
	"Samsung|SAMSUNG|Toshiba|TOSHIBA|Fujitsu|FUJITSU|Intel|INTEL|Micron|" \
	"Crucial|Kingston|OCZ|SanDisk|Quantum|Kioxia|KIOXIA|Hynix) " \
	"([A-Za-z0-9-]*[A-Z0-9][A-Za-z0-9-]* ){0,2}" \
	"[A-Za-z0-9-]*[0-9][A-Za-z0-9-]*)"
/* A maker's part number alone: "MZQL23T8HCLS", "SSDPE2KX040T8". */
#define PART_NUMBER "([A-Z][A-Z0-9-]*[0-9][A-Z0-9-]*)"
/* A whole disk's block device, not a partition's or an array's. */
#define DISK_DEVICE "[shv]d[a-z]{1,2}|nvme[0-9]{1,2}n[0-9]{1,2}"
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
	/* "On Mar 12, 2008  17:05 +0000, X wrote:" */
	{"date", WB MONTH "[a-z]* +([0-9]{1,2}),? +"
	    "([0-9]{4})" WE, NULL, "$4 $2 $3", fix_date, 3, 0, NULL, NULL,
	    NULL},
	{"date", WB "((19|20)[0-9]{2})-([01][0-9])-([0-3][0-9])"
	    "([^[:alnum:]]|$|T[0-9])", NULL, "$2-$4-$5", fix_iso, 2, 0, NULL,
	    NULL, NULL},
	/* "2023/03/07 11:40" */
	{"date", WB "((19|20)[0-9]{2})/([01]?[0-9])/([0-3]?[0-9])" WE, NULL,
	    "$2-$4-$5", fix_iso, 2, 0, NULL, NULL, NULL},
	/* a mail client's attribution, "Am 20.03.2005 schrieb X:", "On
	 * 20/03/2005 10:04, X wrote:" */
	{"date", WB "([0-9]{1,2})([./])([0-9]{1,2})[./]((19|20)[0-9]{2})" WE,
	    NULL, "$2$3$4$3$5", fix_numeric_date, 2, 0, NULL, NULL, NULL},

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
	    "LSI Logic|LSI|Symbios Logic|Areca|Promise|HighPoint|Highpoint|"
	    "Silicon Image|NetRaid|NetRAID|MegaRAID|PERC|Mylex|ICP Vortex)"
	    "( (RocketRAID|RocketRaid|SuperTrak|FastTrak|ARC|SAS|"
	    "MegaRAID SAS|MegaRAID|ServeRAID|Escalade))?"
	    "[ -]?[A-Z]*[0-9][[:alnum:]-]*(/[[:alnum:]]{1,3})?)", NULL, "$2",
	    fix_controller, 2, 0,
	    NULL, NULL, NULL},
	/* a vendor typed in lower case, its model as printed on the card
	 * ("on intel u100/promise U100"): "promise" alone is a word */
	{"controller", WB "(3ware|adaptec|areca|promise|highpoint) "
	    "([A-Z]+[0-9][[:alnum:]-]*)" WE, NULL, "$2 $3", fix_controller,
	    2, 0, NULL, NULL, NULL},
	/* its model in parentheses: "on 3ware (7850) :" */
	{"controller", WB "(3ware|3Ware|3WARE|Adaptec|Areca|Promise|HighPoint)"
	    " \\(([A-Z]*[0-9][[:alnum:]-]*)\\)", NULL, "$2 $3",
	    fix_controller, 2, 0, NULL, NULL, NULL},
	/* "Controller is a Symbios Logic 53c1030 PCI-X Fusion-MPT Dual
	 * Ultra320 SCSI.", "raid controller: Dell Perc i/5" */
	{"controller", "(^|[.!?] +)[Cc]ontroller( is|:) +(an? |the )?"
	    "([A-Z0-9][^.,;()]{2,70}[^.,;() ])", NULL, "$4", NULL, 3, 0,
	    NULL, NULL, NULL},
	{"controller", WB "(RAID|[Rr]aid|[Dd]isk|[Ss]torage|SATA|SCSI|SAS|"
	    "HBA|[Mm]y|[Tt]he) [Cc]ontroller( is|:) +(an? |the )?"
	    "([A-Z0-9][^.,;()]{2,70}[^.,;() ])", NULL, "$5", NULL, 3, 0,
	    NULL, NULL, NULL},
	{"controller", WB "(3ware|3Ware|3WARE|Adaptec|Areca|Promise|HighPoint|"
	    "Highpoint|NetRaid|NetRAID|LSI|Silicon Image|Marvell)" WE, NULL,
	    "$2", NULL, 1, GUESS_VENDOR, NULL, NULL, NULL},

	/* chipsets */
	{"chipset", "(MV)?88SX([0-9]{4})[^(]*(\\(rev [0-9a-f]{2}\\))?", NULL,
	    "Marvell MV88SX$2 $3", NULL, 3, 0, NULL, NULL, NULL},
	{"chipset", "Silicon Image,?( Inc\\.?)?( SiI)? ?([0-9]{4})", NULL,
	    "Silicon Image SiI$3", NULL, 3, 0, NULL, NULL, NULL},
	/* "Sil3112": SiI with an l, as often typed */
	{"chipset", WB "Si[Il] ?(3[0-9]{3})", NULL, "Silicon Image SiI$2", NULL,
	    3, 0, NULL, NULL, NULL},
	{"chipset", WB "(ICH[0-9]{1,2}R?|ESB2|631xESB|PIIX[34]?)" WE, NULL,
	    "Intel $2", NULL, 2, 0, NULL, NULL, NULL},
	{"chipset", WB "(nForce ?[0-9]+[a-z]*|JMB[0-9]{3}|VT642[01]|VT8237A?|"
	    "ASM10[0-9]{2}|PDC[0-9]{5})" WE, NULL, "$2", NULL, 2, 0,
	    NULL, NULL, NULL},

	/* (not AGP: a graphics card's slot, never a disk's) */
	{"bus", WB "(PCI-X|PCI Express|PCIe|PCI-E|PCI-e)" WE, NULL, "$2",
	    fix_bus, 2, 0, NULL, NULL, NULL},
	/* an external disk's link, said as one: "equipped with a USB2
	 * connection", "over eSATA", "a FireWire 800 enclosure" (not a
	 * USB keyboard, nor "the FireWire disk" of a post that has
	 * others) */
	{"bus", WB "(USB ?[23](\\.[0-9])?|eSATA|FireWire( ?[48]00)?)[ -]"
	    "(connection|enclosure|case|dock|bridge|attached|interface|"
	    "port|link)s?" WE, NULL, "$2", fix_bus, 2, 0, NULL, NULL, NULL},
	{"bus", WB "(over|via|through|by) (a |an )?(USB ?[23]?(\\.[0-9])?|"
	    "eSATA|FireWire)" WE, NULL, "$4", fix_bus, 2, 0, NULL, NULL,
	    NULL},
	/* a caption that names the link its table was measured over:
	 * "the results for USB 2.0:", "and with Firewire:" */
	{"bus", WB "(results?|figures|numbers|runs?|tests?|benchmarks?|"
	    "bonnie\\+\\+|fio)( [a-z]+)? (for|with|on|over|via|using) "
	    "(the )?(USB ?[123](\\.[0-9])?|eSATA|FireWire( ?[48]00)?)"
	    " *:? *$", NULL, "$6", fix_bus, 2, R_ICASE, NULL, NULL, NULL},
	{"bus", WB "PCI([^-[:alnum:]]|$)", NULL, "PCI", NULL, 1, 0,
	    NULL, NULL, NULL},

	/* disks: "4 x ST3400832AS", "2 * IBM 120 GByte", "4 disk raid 0" */
	{"disks.count", WB NUMW " ?(x|\\*|×) ?" MAKER MODEL WE, NULL, "$2",
	    fix_count, 4, 0, "disks.model", "$6", fix_model},
	/* "4 Hitachi Deskstar 7K1000 drives", "four 500GB WD RE2 disks",
	 * "one IBM Deskstar 120GXP" */
	{"disks.count", WBN NUMW " +([0-9.]+ ?(GB|TB|G|T) +)?" MAKER MODEL
	    "( +(disks?|drives?|hdds?|ssds?))?" WE, NULL, "$2", fix_count, 4,
	    R_ICASE, "disks.model", "$7", fix_model},
	/* "8+2 disks": data and parity, all of them */
	{"disks.count", WB "([0-9]{1,2}) ?\\+ ?([0-9]{1,2})[ -]?(disks|drives)"
	    WE, NULL, "$2+$3", fix_sum, 4, R_ICASE, NULL, NULL, NULL},
	/* ("sh onedisk.sh": a file's name, no count) */
	{"disks.count", WBN_PROSE NUMW "([ -]?| ?x ?| ?× ?)(disks?|drives?|"
	    "platten|hdds?|ssds?|spindles)" WE_NOT_FILE, NULL, "$2", fix_count,
	    3, R_ICASE, NULL, NULL, NULL},
	{"disks.count", WB "(bare|single|one|1) (disk|drive|hdd?)" WE, NULL,
	    "1", NULL, 3, R_ICASE, NULL, NULL, NULL},
	/* German: "eine einzelne Platte", "RAID0 aus beiden Platten" */
	{"disks.count", WB "(einzelne|einzelnen|einer|eine) "
	    "(Fest)?(platte|disk|hdd|ssd)" WE, NULL, "1", NULL, 3, R_ICASE,
	    NULL, NULL, NULL},
	{"disks.count", WB "(beide|beiden) (Fest)?(platten|disks|hdds|ssds)" WE,
	    NULL, "2", NULL, 3, R_ICASE, NULL, NULL, NULL},
	/* "4 x 500GB", "raid0 5*120gb" */
	{"disks.count", WB "([0-9]{1,2}) ?(x|\\*) ?[0-9.]+ ?(TB?|GB?|GByte)"
	    WE, NULL, "$2", fix_count, 3, R_ICASE, NULL, NULL, NULL},
	{"disks.count", "(--raid-devices[= ]|(^| )-n ?)([0-9]+)", "mdadm",
	    "$3", fix_count, 2, GUESS_SUM, NULL, NULL, NULL},
	{"disks.count", "(^|[ (])Model=([^,]*[^ ,]) *, *FwRev=", NULL, "1",
	    NULL, 2, 0, "disks.model", "$2", fix_spaced_model},
	/* the looser names, where no model above was read: "2 x Maxtor
	 * DiamondMax VL40", "two 74G Fujitsu U320 drives", "both Maxtor
	 * DiamondMax VL40", "2 x MZQL23T8HCLS" */
	{"disks.count", WB NUMW " ?(x|\\*|×) ?" NAMED_MODEL WE, NULL, "$2|$4",
	    fix_named_count, 4, R_FALLBACK, "disks.model", "$4",
	    fix_named_model},
	{"disks.count", WBN NUMW " +([0-9.]+ ?(GB|TB|G|T) +)?" NAMED_MODEL
	    " +(disks?|drives?|hdds?|ssds?|Drives|[Pp]latten)" WE, NULL, "$2|$5",
	    fix_named_count, 4, R_FALLBACK, "disks.model", "$5",
	    fix_named_model},
	{"disks.count", WB "(both|Both) " NAMED_MODEL WE, NULL, "2|$3",
	    fix_named_count, 4, R_FALLBACK, "disks.model", "$3",
	    fix_named_model},
	/* "Disks: two Samsung HD501LJ", where the line says they are disks */
	{"disks.count", WBN NUMW " +" NAMED_MODEL WE,
	    "([Dd]isks?|[Dd]rives?|HDDs?|SSDs?|[Pp]latten?)", "$2|$3",
	    fix_named_count, 4, R_FALLBACK, "disks.model", "$3",
	    fix_named_model},
	{"disks.count", WB NUMW " ?(x|×) ?" PART_NUMBER WE, NULL, "$2|$4",
	    fix_part_count, 4, R_FALLBACK, "disks.model", "$4",
	    fix_part_number},
	{"disks.model", WB MODEL WE, NULL, "$2", fix_model, 2, 0,
	    NULL, NULL, NULL},

	/* /proc/mdstat, as the kernel prints it: "md3 : active raid10
	 * nvme5n1[3] nvme3n1[2] nvme4n1[1] nvme0n1[0]" */
	{"raid.level", "^ *md[0-9]+ : active (\\([a-z-]+\\) )?raid(0|1|5|6|10) ",
	    NULL, "$2", fix_raid, 4, 0, NULL, NULL, NULL},
	{"raid.kind", "^ *md[0-9]+ : active (\\([a-z-]+\\) )?raid", NULL, "md",
	    NULL, 4, 0, NULL, NULL, NULL},
	{"disks.count", "^ *md[0-9]+ : active (\\([a-z-]+\\) )?[a-z0-9]+ (.*)$",
	    NULL, "$2", fix_members, 4, 0, NULL, NULL, NULL},

	/* a pool made: "zpool create storage raidz2 da0 da1 da2 da3",
	 * "zpool create -f tank mirror da0 da1 mirror da2 da3" */
	{"raid.level", "zpool create +(.*)$", NULL, "$1", fix_zpool_level, 4,
	    0, NULL, NULL, NULL},
	{"disks.count", "zpool create +(.*)$", NULL, "$1", fix_zpool_disks, 4,
	    0, NULL, NULL, NULL},

	/* RAID level and kind: "4 disk raid 0", "RAID-5", "als Mirror" */
	{"raid.level", WB "raid[ -]?(0|1|5|6|10|1\\+0|0\\+1)" WE, NULL, "$2",
	    fix_raid, 3, R_ICASE, NULL, NULL, NULL},
	/* a row's name, the level and a letter of the poster's own:
	 * "Raid0s(4 disk)" (s: one array at a time), "Raid5p" */
	{"raid.level", "^raid[ -]?(0|1|5|6|10)[a-z]([^[:alnum:]]|$)", NULL,
	    "$1", fix_raid, 3, R_ICASE, NULL, NULL, NULL},
	{"raid.level", WB "raid[ -]?(z[123]?)" WE, NULL, "$2", fix_raid, 3,
	    R_ICASE, NULL, NULL, NULL},
	/* "LVM striped across the four disks", "a stripe set" */
	{"raid.level", WB "(striped|striping|stripe-?set|stripe set)" WE,
	    NULL, "0", fix_raid, 2, R_ICASE, NULL, NULL, NULL},
	{"raid.level", WB "(mirror|mirrored|mirroring|gespiegelt)" WE, NULL,
	    "1", fix_raid, 3, R_ICASE, NULL, NULL, NULL},
	/* "no RAID", not "without RAID 5" (another level was used) */
	{"raid.level", WB "(no raid|no-raid|kein raid|without raid|bare disk|"
	    "single[- ]disk|single[- ]drive|single[- ]hdd?|single[- ]ssd|"
	    "1 disk|one disk)"
	    "([^- [:alnum:]]|$| +"
	    "[^- 0-9])", NULL,
	    "none", NULL, 3, R_ICASE, NULL, NULL, NULL},
	/* German: "eine einzelne Platte" */
	{"raid.level", WB "(einzelne|einzelnen) (Fest)?(platte|disk)" WE, NULL,
	    "none", NULL, 3, R_ICASE, NULL, NULL, NULL},
	/* "my IDE drive NOT on RAID0": a disk of its own */
	{"raid.level", WB "(drive|disk|hdd|ssd) +(that is +|which is +|is +)?"
	    "not +(on|in|part of) +(the +|a +|my +|any +)?(raid|array)", NULL,
	    "none", NULL, 3, R_ICASE, NULL, NULL, NULL},
	{"raid.level", WB "(jbod)" WE, NULL, "jbod", NULL, 3, R_ICASE,
	    NULL, NULL, NULL},
	/* a row named for the one disk it measured, "/dev/sdc" (nothing
	 * else on the line: prose that names a disk may name an array's
	 * member) */
	{"raid.level", "^(/dev/)?(" DISK_DEVICE ")$", NULL, "none", NULL, 3,
	    0, NULL, NULL, NULL},
	{"disks.count", "^(/dev/)?(" DISK_DEVICE ")$", NULL, "1", NULL, 3,
	    0, NULL, NULL, NULL},
	{"raid.level", "(--level[= ]|(^| )-l ?)(raid)?([0-9]+|linear)",
	    "mdadm", "$4", fix_raid, 2, R_ICASE, NULL, NULL, NULL},
	/* "Soft RAID0" and "softraid" are md's too (on a 3ware card run
	 * as JBOD) */
	{"raid.kind", WB "(mdadm|soft(ware)?[- ]?raid|sw[- ]raid|md[- ]?raid)",
	    NULL, "md", NULL, 2, R_ICASE, NULL, NULL, NULL},
	{"raid.kind", WB "(hardware|hw)[- ]?raid", NULL, "hw", NULL, 2,
	    R_ICASE, NULL, NULL, NULL},

	{"chunk", "(--chunk[= ]|(^| )-c ?)([0-9]+)([kKmM]?)", "mdadm",
	    "$3$4", fix_chunk, 3, 0, NULL, NULL, NULL},
	{"chunk", "(^| )-I ?([0-9]+)", "lvcreate", "$2k", NULL, 2, 0,
	    NULL, NULL, NULL},
	{"chunk", WB "([0-9]+) ?(k|kb|kib)( byte)? (chunks?|stripes?|"
	    "chunk size|stripe size)", NULL, "$2k", NULL, 2, R_ICASE,
	    NULL, NULL, NULL},
	/* raidtab's and mdadm's word for it, in KiB: "chunk-size=32" */
	{"chunk", WB "chunk-size( ?= ?| )([0-9]+)" WE, NULL, "$3k", NULL, 2,
	    R_ICASE, NULL, NULL, NULL},
	{"chunk", "(chunk|stripe)[ -]?(size)?( of| ?:| ?=| is)? ?([0-9]+) ?"
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
	/* words of ZFS alone: "set recordsize to 4k", "zpool create", "with
	 * an L2ARC" (not a zvol, a block device, nor a disk taken out of a
	 * zpool) */
	{"filesystem", WB "(recordsize|zpool create|l2arc)" WE, NULL, "zfs",
	    NULL, 2, R_ICASE, NULL, NULL, NULL},
	/* what shares a file system over a network or with a guest, and
	 * what a boot partition or a stick is formatted with: below the
	 * names above ("exported over NFS, is xfs", "the EFI partition is
	 * vfat, the rest xfs") */
	{"filesystem", WB "(nfs4?|cifs|cephfs|glusterfs|9p|virtiofs|vfat|"
	    "exfat|apfs)" WE, NULL, "$2", fix_lower, 1, R_ICASE, NULL, NULL,
	    NULL},
	/* SMB is what Linux mounts as cifs ("/mnt/smb/nas", "an SMB3
	 * share") */
	{"filesystem", WB "(smb[23]?)" WE, NULL, "cifs", NULL, 1, R_ICASE,
	    NULL, NULL, NULL},
	{"mount-options", "mount +(.* )?-o +([^ ]+)", NULL, "$2", NULL, 3, 0,
	    NULL, NULL, NULL},
	/* a line of /proc/mounts or fstab: what, where, type, options */
	{"filesystem", "^[^ ]+ +/[^ ]* +(nfs4?|cifs|smb3|ext[234]|xfs|btrfs|"
	    "zfs|tmpfs|f2fs|jfs|reiserfs|ocfs2|gfs2|ceph|fuse[.a-z0-9]*) +"
	    "([a-z][^ ]*)", NULL, "$1", NULL, 3, 0, "mount-options", "$2",
	    NULL},

	/* not the tail of another version ("ZFS 0.6.5.11"), nor a part of a
	 * file's name ("md_lat_5.3.0-rc3_2019_0806.log"), nor ZFS's release
	 * ("running zfs-2.2.7"; "linux-image-6.1.0-13" is a kernel), nor a
	 * protocol's dialect in mount options ("cifs ... vers=3.1.1";
	 * "kernel=6.1.0" is one) */
	{"kernel", "(^|[^._[:alnum:]=-]|[^sS]=|[^sS]-|[^fF][sS]-|"
	    "[^zZ][fF][sS]-)"
	    "([2-6]\\.[0-9]{1,2}\\.[0-9]{1,3}"
	    "(\\.[0-9]{1,3})?"
	    "(-[[:alnum:]_.+~]+)*)" WE, NULL, "$2", fix_kernel, 2, 0,
	    NULL, NULL, NULL},
	/* a release candidate, "6.8-rc7", and one patched, "6.8-rc7+" */
	/* a line that is a kernel's release alone: `uname -r` printed it */
	{"kernel", "^ *([2-6]\\.[0-9]{1,2}\\.[0-9]{1,3}(\\.[0-9]{1,3})?"
	    "(-[[:alnum:]_.+~]+)+) *$", NULL, "$1", fix_kernel, 3, 0, NULL,
	    NULL, NULL},
	{"kernel", "(^|[^.[:alnum:]])([2-9]\\.[0-9]{1,2}-rc[0-9]{1,2}\\+?)"
	    "([^[:alnum:]+]|$)", NULL, "$2", NULL, 2, 0, NULL, NULL, NULL},
	{"kernel", "(Linux|linux|kernel|Kernel) +([2-9]\\.[0-9]{1,2})" WE,
	    NULL, "$2", NULL, 1, 0, NULL, NULL, NULL},
	/* "result on 5.3 kernel" */
	{"kernel", WB "([2-9]\\.[0-9]{1,2}) +(kernel|Kernel)" WE, NULL, "$2",
	    NULL, 1, 0, NULL, NULL, NULL},
	/* a shell prompt names its machine: "root@ib1:/home/jwang# fio",
	 * "[jane@db2 ~]$ fio" */
	{"host", "(^|[ >])[A-Za-z_][A-Za-z0-9_.-]*@([A-Za-z][A-Za-z0-9-]*)"
	    "(\\.[A-Za-z0-9.-]+)?:[^ ]*[#$]( |$)", NULL, "$2", NULL, 2, 0, NULL,
	    NULL, NULL},
	{"host", "(^|[ >])\\[[A-Za-z_][A-Za-z0-9_.-]*@([A-Za-z][A-Za-z0-9-]*)"
	    "(\\.[A-Za-z0-9.-]+)? [^]]*\\][#$]( |$)", NULL, "$2", NULL, 2, 0,
	    NULL, NULL, NULL},
	/* csh's on FreeBSD and TrueNAS: "root@truenas[/home/admin]#" */
	{"host", "(^|[ >])[A-Za-z_][A-Za-z0-9_.-]*@([A-Za-z][A-Za-z0-9-]*)"
	    "(\\.[A-Za-z0-9.-]+)?\\[[^] ]*\\][#%$]( |$)", NULL, "$2", NULL, 2,
	    0, NULL, NULL, NULL},

	{"os", WB "(FreeBSD[ -]?[0-9]+\\.[0-9]+(-?(CURRENT|current|STABLE|"
	    "stable|RELEASE|RC[0-9]*|BETA[0-9]*))?)", NULL, "$2", NULL, 3, 0,
	    NULL, NULL, NULL},
	{"os", WB "((Net|Open|Free)BSD(-current|-stable|-CURRENT|-STABLE)?|"
	    "DragonFly BSD|OpenSolaris|Solaris( [0-9]+)?)" WE, NULL, "$2",
	    NULL, 2, 0, NULL, NULL, NULL},
	{"os", WB "((CentOS|Debian|Ubuntu|Fedora|Red ?Hat|RHEL|SuSE|SUSE|"
	    "SLES|openSUSE|Gentoo|Slackware|Mandrake|Mandriva|Rocky|"
	    "AlmaLinux|Oracle Linux|Amazon Linux|Proxmox VE|Alpine|"
	    "Linux Mint|Arch Linux|Manjaro|NixOS)( (GNU/Linux|"
	    "Linux|Enterprise Linux|Core|Server|LTS))*( ?[0-9]+(\\.[0-9]+)*"
	    "( \\([a-z]+\\))?)?)" OS_RELEASE_END, NULL, "$2", NULL, 2, 0, NULL,
	    NULL, NULL},
	/* the same written in lower case, with its release ("all on
	 * ubuntu 16.04 x64"): a word alone may be a package's name */
	{"os", WB "((ubuntu|debian|centos|fedora) [0-9]+(\\.[0-9]+)*)" WE,
	    NULL, "$2", fix_distro, 2, R_FALLBACK, NULL, NULL, NULL},
	/* Ubuntu's release by its code name ("my Gutsy server"); not the
	 * ones that are English words too ("Precise", "Trusty") */
	{"os", WB "(Dapper|Edgy|Feisty|Gutsy|Intrepid|Jaunty|Karmic|Maverick|"
	    "Oneiric|Quantal|Raring|Saucy|Utopic|Xenial|Bionic|Focal|Jammy)"
	    WE, NULL, "Ubuntu $2", NULL, 1, 0, NULL, NULL, NULL},
	{"os", WB "(Linux)" WE, NULL, "Linux", NULL, 1, 0, NULL, NULL, NULL},

	/* I/O schedulers, only where the line is about the scheduler */
	{"scheduler", "\\[(mq-deadline|anticipatory|deadline|noop|cfq|bfq|"
	    "kyber|none)\\]", NULL, "$1", NULL, 3, 0, NULL, NULL, NULL},
	{"scheduler", "elevator=([a-z-]+)", NULL, "$1", fix_lower, 3,
	    R_ICASE, NULL, NULL, NULL},
	{"scheduler", WB SCHED WE, "sched|elevator", "$2", fix_lower, 2,
	    R_ICASE, NULL, NULL, NULL},
	/* a caption that is a scheduler's name alone ("cfq:", "noop",
	 * "deadline run 2"): the runs of an I/O scheduler test */
	{"scheduler", "^" SCHED "[0-9]?( run [0-9]+)?:?$", NULL, "$1",
	    fix_lower, 3, R_ICASE, NULL, NULL, NULL},
	/* a caption naming a scheduler no other word could be, in
	 * parentheses or at its end: "Before (mq-deadline):", "After
	 * switching to bfq:" */
	{"scheduler", "\\((mq-deadline|anticipatory|cfq|bfq|kyber)"
	    "( scheduler)?\\)", NULL, "$1", fix_lower, 2, R_ICASE, NULL, NULL,
	    NULL},
	{"scheduler", WB "(to|with|using|under) +(the +)?[\"'`]?(mq-deadline|"
	    "anticipatory|cfq|bfq|kyber)[\"'`]?( +scheduler)? *:?$", NULL,
	    "$4", fix_lower, 2, R_ICASE, NULL, NULL, NULL},
	/* "with "none"", "with none scheduler": none alone is any word's */
	{"scheduler", WB "(to|with|using|under) +(the +)?([\"'`]none[\"'`]"
	    "( +scheduler)?|none +scheduler) *:?$", NULL, "none", NULL, 2,
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
	/* "hdparm -a0 -c1 -m16 /dev/hde": -a sets it, -A the drive's own
	 * look-ahead */
	{"readahead", "hdparm( +-[A-Za-z0-9]+)* +-a ?([0-9]+)", NULL,
	    "$2 sectors", NULL, 3, 0, NULL, NULL, NULL},
	{"readahead", "echo +([0-9]+) *> */sys/block/[^ ]*/read_ahead_kb",
	    NULL, "$1 KiB", NULL, 3, 0, NULL, NULL, NULL},
	{"queue-depth", "echo +([0-9]+) *> */sys/block/[^ ]*/device/"
	    "queue_depth", NULL, "$1", NULL, 3, 0, NULL, NULL, NULL},
	{"queue-depth", "queue[_ ]depth( of| is| =|:)? *([0-9]+)", NULL, "$2",
	    NULL, 2, R_ICASE, NULL, NULL, NULL},
	/* "NCQ (depth 32)", "NCQ on, queue depth 31": the depth given */
	{"queue-depth", WB "NCQ( +(on|enabled))? *[(,]? *(queue +)?depth"
	    "( of| is| =|:|=)? *([0-9]+)", NULL, "$6", NULL, 3, R_ICASE, NULL,
	    NULL, NULL},
	/* NCQ off is one command at a time; on, the drive's own depth */
	{"queue-depth", WB "(without|no|disabled?|disabling) NCQ" WE, NULL, "1",
	    NULL, 2, 0, NULL, NULL, NULL},
	{"queue-depth", WB "NCQ (off|disabled)" WE, NULL, "1", NULL, 2, 0, NULL,
	    NULL, NULL},
	{"queue-depth", WB "(with|enabled?|enabling) NCQ" WE, NULL, "NCQ", NULL,
	    2, 0, NULL, NULL, NULL},
	/* "NCQ on" as a state, not "NCQ on SSD performance" */
	{"queue-depth", WB "NCQ (enabled" WE "|on *([,.;:)/]|$| +(and|or|but|"
	    "vs|versus)" WE "))", NULL, "NCQ", NULL, 2, 0, NULL, NULL, NULL},
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
	/* "P3 800", "A64 3000+" (an Athlon 64's rating), "Xeon E5-2620" */
	{"cpu", WB "(((P3|P4|PIII|PII|A64|AXP)[ /-]|(Pentium ?(III|II|4|M|"
	    "Pro)?|Athlon( 64| XP| MP)?|Opteron|Xeon|Celeron|Core ?2( Duo| "
	    "Quad)?|Core i[3579]|EPYC|Ryzen [3579])[ /-]?)([A-Z]{1,2}[0-9]?-)?"
	    "[A-Z]{0,2}[0-9]{3,5}\\+?[A-Z]{0,2}( ?(MHz|GHz))?)", NULL, "$2",
	    NULL, 3, 0, NULL, NULL, NULL},
	/* not Intel's SSDs ("Intel P4510", "Intel S3700": MODEL) */
	{"cpu", WB "((Intel|AMD) ((Celeron |Pentium |Atom )?[A-OQRT-Z]|"
	    "(Celeron |Pentium |Atom )[A-Z])[A-Z]?[0-9]{4}"
	    "[A-Z]{0,2})" WE, NULL, "$2", NULL, 2, 0, NULL, NULL, NULL},
	/* a Xeon named by its model alone: "CPU：Intel E5-2630" */
	{"cpu", WB "(Intel|INTEL) ((Xeon )?E[357]-[0-9]{4}[A-Z]?( ?v[0-9])?)" WE,
	    NULL, "Intel $3", NULL, 2, 0, NULL, NULL, NULL},
	{"cpu", WB "(Xeon|Opteron|Athlon|Pentium|Celeron|EPYC|Ryzen|Phenom|"
	    "Itanium)" WE, NULL, "$2", NULL, 1, 0, NULL, NULL, NULL},

	{"memory", WB "([0-9]+(\\.[0-9]+)?) ?(GB|GiB|MB|MiB|TB|G|M|GByte|"
	    "GBytes|KiB|kB|KB)( of)?( (ECC|DDR[0-9]?|registered))* +(RAM|[Mm]emory|"
	    "Speicher|Hauptspeicher)", NULL, "$2$4", fix_mem, 3, 0,
	    NULL, NULL, NULL},
	/* a virtual machine's: "in an 8G VM", "a 16 GB guest" */
	{"memory", WB "([0-9]+(\\.[0-9]+)?) ?(GB|GiB|G) +(VM|vm|guest|virtual "
	    "machine)" WE, NULL, "$2$4", fix_mem, 3, 0, NULL, NULL, NULL},
	/* the total the poster worked out: "RAM: DDR4 16GB x 4 = 64GB" */
	{"memory", "(RAM|[Mm]emory)[: ].*[0-9] ?[A-Za-z]* (x|\\*|×) ?[0-9].*= *"
	    "([0-9]+(\\.[0-9]+)?) ?(GB|GiB|MB|MiB|TB|G|M)" WE, NULL, "$3$5",
	    fix_mem, 4,
	    0, NULL, NULL, NULL},
	/* "RAM: 480Mb DDR", "memory: DDR2 2GB 800Mhz" */
	/* and a maker's name before it, after a full-width colon as a
	 * Chinese or Japanese post writes it: "RAM：Kingston 16GB DDR3" */
	{"memory", "(RAM|[Mm]emory) *(:|：| ) *((DDR[0-9]?|ECC|[A-Z][A-Za-z]+) +)*"
	    "([0-9]+(\\.[0-9]+)?) ?(GB|GiB|MB|MiB|Mb|gb|mb|TB|G|M)" WE, NULL,
	    "$5$7", fix_mem, 2, 0, NULL, NULL, NULL},

	{"motherboard", WB "((Super[Mm]icro|SUPERMICRO|Tyan|TYAN|ASUS|Asus|"
	    "ASRock|Gigabyte|GIGABYTE|Abit|ABIT|EPoX|Epox|DFI|MSI) +"
	    "([A-Z][A-Z0-9+-]*[0-9][A-Z0-9+-]*|[0-9]+ [A-Z]+[0-9]+))", NULL,
	    "$2", fix_board, 3, 0, NULL, NULL, NULL},
	{"motherboard", WB "((Dell )?PowerEdge [A-Z]{0,2}[0-9]{3,4}[a-z]{0,2}|"
	    "(HPE? )?ProLiant [A-Z]{2}[0-9]{2,3}( G[0-9]+)?|Sun Fire "
	    "[A-Z0-9]+)", NULL, "$2", NULL, 2, 0, NULL, NULL, NULL},

	/* drivers: "/dev/sx8/0p1", "(aac-Treiber)", module names */
	{"driver", "/dev/(sx8)/", NULL, "$1", NULL, 2, 0, NULL, NULL, NULL},
	/* ZFS is a module of its own, its release apart from the kernel's:
	 * "ZFS 0.6.5.11:" over one output and "ZFS 0.7.12:" over the next,
	 * "with zfs version 0.7.13" */
	{"driver", WB "(zfs|zol|openzfs)[ -](version |release )?v?([0-9]+\\."
	    "[0-9]+(\\.[0-9]+)*)" WE, NULL, "zfs $4", NULL, 2, R_ICASE, NULL,
	    NULL, NULL},
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
	/* hdparm -i's line of the one disk it asked: "Model=WDC
	 * WD1600AAJS-00B4A0   , FwRev=01.03A01, SerialNo=..." */
	{"firmware", "(^|[ (])FwRev=([^ ,]+)", NULL, "$2", NULL, 2, 0, NULL,
	    NULL, NULL},
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
/* German, as a German post counts its Platten */
static const char *const german_numbers[] = {"null", "eins", "zwei", "drei",
    "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "elf",
    "zwölf"};

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
	for (size_t i = 0; i < sizeof german_numbers / sizeof *german_numbers;
	    i++)
		if (strcasecmp(s, german_numbers[i]) == 0)
			n = (long)i;
	if (n < 1 || n > 99)
		return NULL;
	return xasprintf("%ld", n);
}

/* A maker's disk named in words (NAMED_MODEL), not a processor
 * ("Intel Xeon E5620"), memory ("Kingston 4GB DDR3") or a machine: the
 * name, else NULL. */
static char *
fix_named_model(const char *s)
{
	static const char *const not_disks[] = {"Xeon", "Core", "Pentium",
	    "Celeron", "Atom", "Itanium", "DDR", "DIMM", "RAM", "Exynos",
	    "Galaxy", "NUC", "Arc", "GHz", "MHz"};

	for (size_t i = 0; i < sizeof not_disks / sizeof *not_disks; i++)
		if (strstr(s, not_disks[i]) != NULL)
			return NULL;
	return fix_model(s);
}

/* A kernel release: four numbers only in 2.6's stable line (2.6.16.60);
 * "5.8.2.1" is a section of a specification, not a kernel. */
static char *
fix_kernel(const char *s)
{
	size_t dots = 0;

	for (const char *c = s; *c && (isdigit((unsigned char)*c) ||
	    *c == '.'); c++)
		dots += *c == '.';
	if (dots >= 3 && strncmp(s, "2.6.", 4) != 0)
		return NULL;
	/* a product's build ("4.6.0-0.nightly-2020-07-15-111743", an
	 * OpenShift release): no kernel names itself nightly */
	if (strstr(s, "nightly") != NULL)
		return NULL;
	return xstrdup(s);
}

/* hdparm's padded model, "OCZ       VERTEX        00.PT1", with single
 * spaces. */
static char *
fix_spaced_model(const char *s)
{
	struct buf b = {0};

	for (; *s; s++)
		if (*s != ' ' || (b.n > 0 && s[1] != ' ' && s[1] != '\0'))
			buf_add(&b, s, 1);
	return b.p ? b.p : xstrdup("");
}

/* "2|Maxtor DiamondMax VL40": the count, when model_fix takes what
 * follows the bar for a disk's model. */
static char *
count_with_model(const char *s, fix_fn model_fix)
{
	const char *bar = strchr(s, '|');
	char *model = bar ? model_fix(bar + 1) : NULL, *count, *n;

	if (model == NULL)
		return NULL;
	free(model);
	count = xstrndup(s, (size_t)(bar - s));
	n = fix_count(count);
	free(count);
	return n;
}

static char *
fix_named_count(const char *s)
{
	return count_with_model(s, fix_named_model);
}

/* A part number: seven characters or more, with two letters and two
 * digits at least ("HD501LJ", "MZQL23T8HCLS"), not a size ("2 x 4TB"),
 * a word or a level ("RAID10"). */
static char *
fix_part_number(const char *s)
{
	size_t letters = 0, digits = 0;

	for (const char *c = s; *c; c++) {
		letters += isalpha((unsigned char)*c) != 0;
		digits += isdigit((unsigned char)*c) != 0;
	}
	return strlen(s) >= 7 && letters >= 2 && digits >= 2 &&
	    strncmp(s, "RAID", 4) != 0 && strncmp(s, "DDR", 3) != 0 &&
	    strncmp(s, "PCI", 3) != 0 ? xstrdup(s) : NULL;
}

static char *
fix_part_count(const char *s)
{
	return count_with_model(s, fix_part_number);
}

/* The members of an md array as /proc/mdstat lists them, "nvme5n1[3]
 * sdb1[1](F) sdc1[2](S)": those in use, not failed or spare. */
static char *
fix_members(const char *s)
{
	long n = 0;

	for (const char *p = strchr(s, '['); p; p = strchr(p + 1, '[')) {
		const char *q = p + 1 + strspn(p + 1, "0123456789");

		if (q > p + 1 && *q == ']' && strncmp(q + 1, "(F)", 3) != 0 &&
		    strncmp(q + 1, "(S)", 3) != 0)
			n++;
	}
	return n >= 1 && n <= 99 ? xasprintf("%ld", n) : NULL;
}

/* The words of "zpool create"'s arguments after its options and the
 * pool's name, up to the devices that hold no data (log, cache, spare,
 * special, dedup), into w (at most n); returns how many. */
static size_t
zpool_vdevs(const char *s, char w[][24], size_t n)
{
	static const char *const valued = "oOmRt";
	static const char *const aside[] = {"log", "logs", "cache", "spare",
	    "spares", "special", "dedup"};
	char *copy = xstrdup(s), *save = NULL, *t;
	bool named = false;
	size_t k = 0;

	for (t = strtok_r(copy, " \t", &save); t && k < n;
	    t = strtok_r(NULL, " \t", &save)) {
		if (t[0] == '-') {
			if (t[1] && strchr(valued, t[1]) && t[2] == '\0')
				strtok_r(NULL, " \t", &save);
			continue;
		}
		if (!named) {
			named = true;	/* the pool's name */
			continue;
		}
		for (size_t a = 0; a < sizeof aside / sizeof *aside; a++)
			if (strcmp(t, aside[a]) == 0)
				goto done;
		snprintf(w[k++], sizeof *w, "%s", t);
	}
done:
	free(copy);
	return k;
}

/* Whether a word of zpool's names a device: "/dev/...", "da0", "sdb",
 * "nvme0n1", a by-id name with a digit; not a word of prose ("the"). */
static bool
zpool_device(const char *w)
{
	return strncmp(w, "/dev/", 5) == 0 || strpbrk(w, "0123456789") ||
	    ((strncmp(w, "sd", 2) == 0 || strncmp(w, "vd", 2) == 0) &&
	    strlen(w) <= 4 && strspn(w + 2, "abcdefghijklmnopqrstuvwxyz") ==
	    strlen(w + 2));
}

/* The level of a pool "zpool create" makes: "raidz2", a mirror
 * ("raid1"), mirrors striped ("raid10"), disks striped ("raid0") or
 * one disk ("none"). */
static char *
fix_zpool_level(const char *s)
{
	char w[64][24];
	size_t n = zpool_vdevs(s, w, 64), mirrors = 0, disks = 0;
	const char *z = NULL;

	for (size_t i = 0; i < n; i++) {
		if (strcmp(w[i], "mirror") == 0)
			mirrors++;
		else if (strncmp(w[i], "raidz", 5) == 0)
			z = w[i];
		else if (!zpool_device(w[i]))
			return NULL;	/* prose, not a command */
		else if (strncmp(w[i], "draid", 5) != 0)
			disks++;
	}
	if (disks == 0)
		return NULL;
	if (z)
		return xstrdup(strcmp(z, "raidz1") == 0 ? "raidz" : z);
	if (mirrors)
		return xstrdup(mirrors > 1 ? "raid10" : "raid1");
	return xstrdup(disks > 1 ? "raid0" : "none");
}

/* The data disks of a pool "zpool create" makes. */
static char *
fix_zpool_disks(const char *s)
{
	char w[64][24];
	size_t n = zpool_vdevs(s, w, 64), disks = 0;

	for (size_t i = 0; i < n; i++) {
		if (strcmp(w[i], "mirror") == 0 || strncmp(w[i], "raidz", 5) == 0 ||
		    strncmp(w[i], "draid", 5) == 0)
			continue;
		if (!zpool_device(w[i]))
			return NULL;	/* prose, not a command */
		disks++;
	}
	return disks >= 1 && disks <= 99 ? xasprintf("%zu", disks) : NULL;
}

/* "8+2": 10. */
static char *
fix_sum(const char *s)
{
	char *plus;
	long a = strtol(s, &plus, 10), b = *plus == '+' ?
	    strtol(plus + 1, NULL, 10) : 0;

	return a + b >= 1 && a + b <= 99 ? xasprintf("%ld", a + b) : NULL;
}

static char *
fix_raid(const char *s)
{
	static const struct {
		const char *in, *out;
	} levels[] = {
		{"0", "raid0"}, {"1", "raid1"}, {"5", "raid5"}, {"6", "raid6"},
		{"10", "raid10"}, {"1+0", "raid10"}, {"0+1", "raid10"},
		{"linear", "jbod"}, {"z", "raidz"}, {"z1", "raidz"},
		{"z2", "raidz2"}, {"z3", "raidz3"},
	};

	for (size_t i = 0; i < sizeof levels / sizeof *levels; i++)
		if (strcasecmp(s, levels[i].in) == 0)
			return xstrdup(levels[i].out);
	return NULL;
}

/* Writes "GByte", "GBytes" and "Gbyte" the way meta does: "GB". */
/* A distribution's name as it writes it: "ubuntu 16.04" is Ubuntu's. */
static char *
fix_distro(const char *s)
{
	static const char *const names[] = {"Ubuntu", "Debian", "CentOS",
	    "Fedora"};
	size_t n = strcspn(s, " ");

	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (strlen(names[i]) == n && strncasecmp(s, names[i], n) == 0)
			return xasprintf("%s%s", names[i], s + n);
	return xstrdup(s);
}

static char *
fix_model(const char *s)
{
	struct buf b = {0};

	while (*s) {
		if (strncasecmp(s, "GByte", 5) == 0) {
			buf_puts(&b, "GB");
			s += 5;
			if (*s == 's')
				s++;
		} else {
			buf_add(&b, s++, 1);
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
	return xasprintf("%04d-%02d-%02d", y, mo, d);
}

/* "20.03.2005" (day first wherever dots part it) and "20/03/2005" or
 * "03/20/2005" (by slashes, the order the numbers tell: one above 12
 * is the day) -> "2005-03-20"; NULL where slashes leave it open
 * ("03/04/2005" is April in London and March in Boston). */
static char *
fix_numeric_date(const char *s)
{
	int a, b, y, day, mon;
	char sep;

	if (sscanf(s, "%d%c%d%*c%d", &a, &sep, &b, &y) != 4)
		return NULL;
	if (sep == '.' || a > 12) {
		day = a;
		mon = b;
	} else if (b > 12) {
		day = b;
		mon = a;
	} else
		return NULL;
	if (mon < 1 || mon > 12 || day < 1 || day > 31)
		return NULL;
	return xasprintf("%04d-%02d-%02d", y, mon, day);
}

static char *
fix_bus(const char *s)
{
	if (strcasecmp(s, "PCI-X") == 0)
		return xstrdup("PCI-X");
	/* "USB2", "usb 2.0": "USB 2" */
	if (strncasecmp(s, "USB", 3) == 0)
		return s[strspn(s + 3, " ") + 3] ? xasprintf("USB %c",
		    s[strspn(s + 3, " ") + 3]) : xstrdup("USB");
	if (strcasecmp(s, "eSATA") == 0)
		return xstrdup("eSATA");
	/* "Firewire 800": "FireWire 800" */
	if (strncasecmp(s, "FireWire", 8) == 0)
		return xasprintf("FireWire%s", s + 8);
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

	/* a guest's in KiB, as libvirt gives it ("1048576 KiB of
	 * memory"); less than 64 MiB is a cache's, not a machine's */
	if (toupper((unsigned char)*u) == 'K')
		return strtod(s, NULL) >= 65536 ? xasprintf("%.*sKiB", (int)n,
		    s) : NULL;
	if (strcmp(u, "G") == 0 || strncmp(u, "GByte", 5) == 0)
		u = "GB";
	else if (strcmp(u, "M") == 0 || strcasecmp(u, "mb") == 0)
		u = "MB";
	else if (strcmp(u, "gb") == 0)
		u = "GB";
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
	struct buf b = {0};
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
			buf_puts(&b, " ");
		buf_puts(&b, t);
	}
	free(copy);
	return b.p;	/* NULL: no option, the value refused */
}

struct compiled {
	regex_t re, need;
	bool has_need;
};

struct guesser {
	struct compiled c[NRULES];
	size_t n;
	regex_t setting;	/* a word of a row name that names a setting */
	regex_t unkeyed;	/* one that no meta key holds */
	regex_t kernel;		/* a whole row name that is a kernel's */
	regex_t beside;		/* a word of it naming another setting */
	bool has_setting, has_unkeyed, has_kernel, has_beside;
};

/* A word of a table's row name that names a setting rather than a
 * machine: an elevator, a file system, a RAID level, a kernel version,
 * NCQ or the write cache on or off, a driver built in or a module, a
 * patch, a state before or after ("deadline", "xfs", "raid5",
 * "2.6.0-test9", "ncq", "wc", "module", "compiled in", "patched"). */
#define SETTING_WORD "^(" SCHED "|ext[234]|xfs|jfs|reiserfs|btrfs|zfs|ufs|" \
	"raid[0-9]{1,2}[a-z]?|raidz[1-3]?|jbod|lvm|md|[2-6]\\.[0-9]{1,2}" \
	"(\\.[0-9]{1,3})*([-.+][a-z0-9]+)*|(no)?ncq|(no)?wc|wce|" \
	"writeback|writethrough|(no)?barriers?|(no)?atime|on|off|" \
	DEVICE_WORD "|" UNKEYED_WORDS ")$"
/* A block device the row was measured on, /dev/ taken off: "sdc",
 * "md3", "nvme0n1p2". A poster who ran one machine's disks and arrays
 * one by one names each row for its device ("/dev/sdc"). */
#define DEVICE_WORD DISK_DEVICE "|md[0-9]{1,3}|" \
	"nvme[0-9]{1,2}n[0-9]{1,2}p[0-9]{1,2}"
/* Those of them no meta key holds: the row's label says them. */
#define UNKEYED_WORDS "module|modular|built-?in|compiled|static|patched|" \
	"unpatched|vanilla|stock|defaults?|tuned|optimi[sz]ed|baseline|" \
	"before|after|(with|without)( the)? patch(es|set)?"

/* A kernel version and nothing else: "2.4.20", "2.4.20-nas1",
 * "2.6.0-test9", "5.4.0-42-generic". */
#define KERNEL_NAME "^[2-6]\\.[0-9]{1,2}(\\.[0-9]{1,3}){0,2}" \
	"(-[[:alnum:]_.+~]+)*$"
/* A word after it that names another setting: "2.6.0-test9-as" is the
 * kernel 2.6.0-test9 with the anticipatory elevator, no kernel name. */
#define BESIDE_KERNEL "^(" SCHED "|as|ext[234]|xfs|jfs|reiserfs|btrfs|" \
	"zfs|raid[0-9]{1,2}|(no)?ncq|(no)?wc|on|off)$"

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
	if (regcomp(&g->setting, SETTING_WORD, REG_EXTENDED | REG_ICASE |
	    REG_NOSUB) != 0)
		goto bad;
	g->has_setting = true;
	if (regcomp(&g->unkeyed, "^(" UNKEYED_WORDS ")$", REG_EXTENDED |
	    REG_ICASE | REG_NOSUB) != 0)
		goto bad;
	g->has_unkeyed = true;
	if (regcomp(&g->kernel, KERNEL_NAME, REG_EXTENDED | REG_NOSUB) != 0)
		goto bad;
	g->has_kernel = true;
	if (regcomp(&g->beside, BESIDE_KERNEL, REG_EXTENDED | REG_ICASE |
	    REG_NOSUB) != 0)
		goto bad;
	g->has_beside = true;
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
	if (g->has_setting)
		regfree(&g->setting);
	if (g->has_unkeyed)
		regfree(&g->unkeyed);
	if (g->has_kernel)
		regfree(&g->kernel);
	if (g->has_beside)
		regfree(&g->beside);
	free(g);
}

/* What parts the words of a row name: "Raid0s(4 disk)", "Raid1+0". */
#define NAME_SEPARATORS "-_/ ()+,"

/* Whether name, or a word of it, matches re. */
static bool
name_matches(const regex_t *re, const char *name)
{
	char *copy = xstrdup(name), *save = NULL;
	bool found = false;

	/* The whole name first: a kernel version holds hyphens. */
	if (regexec(re, name, 0, NULL, 0) == 0)
		found = true;
	for (char *w = strtok_r(copy, NAME_SEPARATORS, &save); w && !found;
	    w = strtok_r(NULL, NAME_SEPARATORS, &save))
		found = regexec(re, w, 0, NULL, 0) == 0;
	free(copy);
	return found;
}

bool
guess_names_setting(const struct guesser *gs, const char *name)
{
	return name_matches(&gs->setting, name);
}

bool
guess_names_unkeyed_setting(const struct guesser *gs, const char *name)
{
	return name_matches(&gs->unkeyed, name);
}

bool
guess_names_kernel(const struct guesser *gs, const char *name)
{
	return regexec(&gs->kernel, name, 0, NULL, 0) == 0 &&
	    !name_matches(&gs->beside, name);
}

#define NMATCH 16

/* fmt with $N replaced by group N of the match in s, blanks collapsed
 * and trailing punctuation dropped. */
static char *
expand(const char *fmt, const char *s, const regmatch_t *m)
{
	struct buf b = {0};
	char *v;
	size_t n;

	buf_puts(&b, "");	/* b.p a string even when nothing matched */
	for (const char *f = fmt; *f; f++) {
		if (*f == '$' && isdigit((unsigned char)f[1])) {
			int k = *++f - '0';

			if (m[k].rm_so >= 0)
				buf_add(&b, s + m[k].rm_so,
				    (size_t)(m[k].rm_eo - m[k].rm_so));
		} else {
			buf_add(&b, f, 1);
		}
	}
	n = 0;
	for (size_t i = 0; i < b.n; i++)
		if (b.p[i] != ' ' || (n > 0 && b.p[n - 1] != ' '))
			b.p[n++] = b.p[i];
	while (n > 0 && strchr(" .,;:", b.p[n - 1]))
		n--;
	v = xstrndup(b.p, n);
	buf_free(&b);
	return v;
}

/* Where a rule matched, and what its sentence does with it. */
struct found {
	const char *text;
	long line;
	size_t at;		/* the line's place among the post's lines */
	int named;
	size_t col;		/* where the match starts in text */
};

static void
add_guess(struct guesses *out, const char *key, char *value,
    const struct found *f, const struct rule *r)
{
	struct guess *g;

	if (value == NULL)
		return;
	if (*value == '\0' || strlen(value) > 120) {
		free(value);
		return;
	}
	/* Lines are guessed in order: the guesses of this one are last. */
	for (size_t i = out->n; i-- > 0 && out->v[i].at == f->at; ) {
		if (strcmp(out->v[i].key, key) == 0 &&
		    strcmp(out->v[i].value, value) == 0) {
			if (r->prio > out->v[i].prio)
				out->v[i].prio = r->prio;
			out->v[i].flags |= r->flags & ~R_ONLY;
			free(value);
			return;
		}
	}
	xgrow((void **)&out->v, &out->cap, out->n + 1, sizeof *out->v);
	g = &out->v[out->n++];
	memset(g, 0, sizeof *g);
	g->key = key;
	g->value = value;
	g->text = xstrdup(f->text);
	g->line = f->line;
	g->at = f->at;
	g->prio = r->prio;
	g->flags = r->flags & ~R_ONLY;
	g->named = f->named;
	g->col = f->col;
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

/* Whether text[at, end) lies inside a mail address or a web address
 * ("xfs@oss.sgi.com", "http://host/ext4-howto"): a name there is no
 * set-up's. Rules that read addresses (a shell prompt's user@host)
 * name the '@' themselves. */
static bool
in_address(const struct rule *r, const char *text, size_t at, size_t end)
{
	size_t s = at, e = end;

	while (s > 0 && !isspace((unsigned char)text[s - 1]) &&
	    !strchr("<(,;", text[s - 1]))
		s--;
	while (text[e] && !isspace((unsigned char)text[e]) &&
	    !strchr(">),;", text[e]))
		e++;
	for (size_t k = s; k + 2 < e; k++)
		if (text[k] == ':' && text[k + 1] == '/' && text[k + 2] == '/')
			return true;
	return memchr(text + s, '@', e - s) != NULL &&
	    strchr(r->pattern, '@') == NULL;
}

/* Every match of rule i in text that its clause asserts: the search
 * goes on from the end of a match, less its last character when that
 * may begin the next word. */
static void
apply_rule(const struct guesser *gs, size_t i, const struct found *line,
    const struct clause_carry *carry, struct guesses *out)
{
	const struct rule *r = &rules[i];
	const char *text = line->text;
	regmatch_t m[NMATCH];
	size_t off = 0, len = strlen(text);

	if (gs->c[i].has_need &&
	    regexec(&gs->c[i].need, text, 0, NULL, 0) != 0)
		return;
	while (off < len && regexec(&gs->c[i].re, text + off, NMATCH, m,
	    off ? REG_NOTBOL : 0) == 0) {
		const char *s = text + off;
		size_t next = (size_t)m[0].rm_eo;
		size_t at = off + (size_t)m[0].rm_so, end = off + next;
		struct found f = *line;

		while (at < end && !isalnum((unsigned char)text[at]))
			at++;
		if (clause_mood(text, at, end, carry) == 0 &&
		    !in_address(r, text, at, end)) {
			f.named = clause_names_run(text, at);
			f.col = at;
			char *v = make_value(r->fmt, r->fix, s, m);
			/* a looser rule's second value stands on its first
			 * ("0xFFFFC200" is no count, nor its digits a model) */
			bool second = v != NULL || !(r->flags & R_FALLBACK);

			add_guess(out, r->key, v, &f, r);
			if (r->key2 && second)
				add_guess(out, r->key2, make_value(r->fmt2,
				    r->fix2, s, m), &f, r);
		}
		if (next > 0 && !isalnum((unsigned char)s[next - 1]))
			next--;
		if (next <= (size_t)m[0].rm_so)
			next = (size_t)m[0].rm_so + 1;
		off += next;
	}
}

/* "ext4 or XFS", two controllers on a line: each value has a rival. */
static void
mark_rivals(struct guesses *out, size_t first)
{
	for (size_t i = first; i < out->n; i++) {
		struct guess *a = &out->v[i];

		for (size_t j = i + 1; j < out->n; j++) {
			struct guess *b = &out->v[j];

			if (strcmp(a->key, b->key) != 0 || a->prio < 2 ||
			    b->prio < 2 || (a->flags & GUESS_SUM) ||
			    contains_ignoring_case(a->value, b->value) ||
			    contains_ignoring_case(b->value, a->value))
				continue;
			a->flags |= GUESS_TWO;
			b->flags |= GUESS_TWO;
		}
	}
}

/* The controller named on a line, for the keys that follow it. */
static void
tie_to_controller(struct guesses *out, size_t first)
{
	const struct guess *ctl = NULL;

	for (size_t i = first; i < out->n; i++)
		if (strcmp(out->v[i].key, "controller") == 0 &&
		    (ctl == NULL || out->v[i].prio > ctl->prio))
			ctl = &out->v[i];
	if (ctl == NULL)
		return;
	for (size_t i = first; i < out->n; i++)
		if (key_listed(out->v[i].key, tied_keys,
		    sizeof tied_keys / sizeof *tied_keys))
			out->v[i].tie = xstrdup(ctl->value);
}

/* The one RAID level named on a line, for the count beside it: the
 * members /proc/mdstat lists of a raid0 are not those of the raid6 above
 * it (import_meta.c's put_disks counts with the run's level). A line
 * naming two ("Single disk still beat the raid0") ties none. */
static void
tie_to_level(struct guesses *out, size_t first)
{
	const struct guess *level = NULL;

	for (size_t i = first; i < out->n; i++)
		if (strcmp(out->v[i].key, "raid.level") == 0) {
			if (level && strcmp(level->value, out->v[i].value))
				return;
			level = &out->v[i];
		}
	for (size_t i = first; level && i < out->n; i++)
		if (strcmp(out->v[i].key, "disks.count") == 0 &&
		    out->v[i].tie == NULL)
			out->v[i].tie = xstrdup(level->value);
}

/* Whether guess k of the line is a kernel version that is the version
 * of a distribution named with it ("Ubuntu 6.06.1", "Debian 5.0.3"):
 * the operating system's, not the kernel's. */
static bool
release_not_kernel(const struct guesses *out, size_t first, size_t k)
{
	const struct guess *g = &out->v[k];

	if (strcmp(g->key, "kernel") != 0)
		return false;
	for (size_t i = first; i < out->n; i++) {
		const struct guess *os = &out->v[i];
		size_t n = strlen(os->value), m = strlen(g->value);

		if (strcmp(os->key, "os") == 0 && n > m &&
		    strcmp(os->value + n - m, g->value) == 0 &&
		    os->col < g->col)
			return true;
	}
	return false;
}

/* The last place in text before at where word stands, ASCII letters of
 * either case; NULL when it does not. */
static const char *
last_before(const char *text, const char *at, const char *word)
{
	const char *last = NULL, *w;

	for (const char *p = text; (w = find_ignoring_case(p, word)) &&
	    w < at; p = w + 1)
		last = w;
	return last;
}

/* Whether the word nearest before at, in text, among those that name a
 * compiler, a C library or the kernel, names one of the first two: a
 * version there is theirs ("C compiler : gcc version 4.6.3 (Debian
 * 4.6.3-14+rpi1)", "libc-5.4.38"), where one after "kernel" is the
 * kernel's ("gcc 12.2, kernel 6.1.0-13-amd64"). */
static bool
after_toolchain(const char *text, const char *at)
{
	static const char *const tools[] = {"gcc", "libc-", "libc ",
	    "compiler"};
	static const char *const kernels[] = {"kernel", "linux", "uname"};
	const char *tool = NULL, *kernel = NULL, *w;

	for (size_t i = 0; i < sizeof tools / sizeof *tools; i++)
		if ((w = last_before(text, at, tools[i])) && w > tool)
			tool = w;
	for (size_t i = 0; i < sizeof kernels / sizeof *kernels; i++)
		if ((w = last_before(text, at, kernels[i])) && w > kernel)
			kernel = w;
	return tool && (kernel == NULL || tool > kernel);
}

/* Whether guess k is a kernel version that is no kernel's release:
 * fio's own ("fio version : fio-2.2.10", "fio-3.33"), a compiler's or a
 * C library's (after_toolchain), or the build a kernel's `uname -v`
 * names after '#' ("#4.14.48-1.1+feature+daily"), which the release on
 * uname's line before says better. */
static bool
version_not_kernel(const struct guesses *out, size_t k)
{
	const struct guess *g = &out->v[k];
	const char *at;

	/* the value where the guess read it, not another of the line's */
	if (strcmp(g->key, "kernel") != 0 || g->value[0] == '\0' ||
	    g->col > strlen(g->text) ||
	    (at = strstr(g->text + g->col, g->value)) == NULL)
		return false;
	return (at - g->text >= 4 && strncasecmp(at - 4, "fio-", 4) == 0) ||
	    after_toolchain(g->text, at) || (at > g->text && at[-1] == '#');
}

/* Whether guess k is a chunk read off md's write-intent bitmap line
 * ("bitmap: 0/30 pages [0KB], 65536KB chunk"): the bitmap's, not the
 * array's. */
static bool
bitmap_chunk(const struct guesses *out, size_t k)
{
	return strcmp(out->v[k].key, "chunk") == 0 &&
	    contains_ignoring_case(out->v[k].text, "bitmap");
}

/* Whether the words at col of text follow phrase with nothing but a
 * colon and blanks between ("built on: Fri Jun  6 ...", not "RAID5
 * built on 4 WD Reds, tested Thu Apr 24 2025"). */
static bool
right_after(const char *text, size_t col, const char *phrase)
{
	const char *at = text + col, *p = text, *w;

	while ((w = find_ignoring_case(p, phrase)) && w < at) {
		const char *q = w + strlen(phrase);

		if (q <= at && strspn(q, " \t:") >= (size_t)(at - q))
			return true;
		p = w + 1;
	}
	return false;
}

/* Whether guess k is a date read off uname's line ("Linux box 6.14.5 #1
 * SMP PREEMPT_DYNAMIC Thu Apr 24 ... 2025") or a program's banner
 * (`openssl speed`'s "OpenSSL 1.0.1e 11 Feb 2013" and "built on: Fri
 * Jun  6 15:02:47 UTC 2014"): the day the kernel or the program was
 * made, not the day the run ran. */
static bool
build_date(const struct guesses *out, size_t k)
{
	const struct guess *g = &out->v[k];
	const char *t = g->text;

	if (strcmp(g->key, "date") != 0)
		return false;
	if (strstr(t, " SMP") && strchr(t, '#') != NULL)
		return true;
	while (*t == ' ')
		t++;
	return strncmp(t, "OpenSSL ", 8) == 0 ||
	    right_after(g->text, g->col, "built on") ||
	    right_after(g->text, g->col, "compiled on");
}

/* Whether guess k is a controller read off a driver's boot banner
 * ("3ware Storage Controller device driver for Linux v1.02"): the
 * kernel loaded the driver, which may find no card at all. */
static bool
driver_banner(const struct guesses *out, size_t k)
{
	const char *t = out->v[k].text;

	return strcmp(out->v[k].key, "controller") == 0 &&
	    (contains_ignoring_case(t, "device driver") ||
	    contains_ignoring_case(t, "driver for "));
}

/* Drops the line's guesses that its other words show to be of
 * something else: a distribution's release, a bitmap's chunk, a
 * kernel's build date or build, a driver's banner, fio's release. */
static void
drop_misreads(struct guesses *out, size_t first)
{
	size_t o = first;

	for (size_t i = first; i < out->n; i++)
		if (release_not_kernel(out, first, i) || bitmap_chunk(out, i) ||
		    build_date(out, i) || driver_banner(out, i) ||
		    version_not_kernel(out, i))
			out->v[i].flags |= GUESS_DROP;
	for (size_t i = first; i < out->n; i++) {
		if (out->v[i].flags & GUESS_DROP) {
			free(out->v[i].value);
			free(out->v[i].text);
			free(out->v[i].tie);
			continue;
		}
		out->v[o++] = out->v[i];
	}
	out->n = o;
}

/* Whether a guess of key was made from the line, its guesses from
 * first on. */
static bool
guessed_here(const struct guesses *out, size_t first, const char *key)
{
	for (size_t i = first; i < out->n; i++)
		if (strcmp(out->v[i].key, key) == 0)
			return true;
	return false;
}

void
guess_line(const struct guesser *gs, const char *text, long line, size_t at,
    struct guesses *out)
{
	size_t first = out->n;
	struct found f = {text, line, at, 0, 0};
	bool cont = clause_continues(&out->carry, text, at);
	struct clause_carry carry = out->carry;

	/* /proc/mdstat's first line lists the levels the kernel can run
	 * ("Personalities : [raid1] [raid0] [raid6]"), not those in use */
	if (strncmp(text + strspn(text, " "), "Personalities :", 15) == 0)
		return;
	for (size_t i = 0; i < gs->n; i++)
		if (!(rules[i].flags & R_FALLBACK) ||
		    !guessed_here(out, first, rules[i].key2 ? rules[i].key2 :
		    rules[i].key))
			apply_rule(gs, i, &f, cont ? &carry : NULL, out);
	clause_carry_line(text, at, cont, &out->carry);
	drop_misreads(out, first);
	mark_rivals(out, first);
	tie_to_controller(out, first);
	tie_to_level(out, first);
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
