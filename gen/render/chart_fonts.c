/* The charts' fonts (chart.h): DejaVu Sans loaded through FreeType for
 * cairo, whether both faces have the flag symbol, and the text styles
 * every other chart_*.c measures and draws with (chart_int.h). */
#include "render/chart_int.h"
#include "base/xalloc.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H

#define DEFAULT_FONT_DIR "/usr/share/fonts/truetype/dejavu"
#define MARK_FLAG	"\xe2\x9a\xa0"	/* U+26A0 WARNING SIGN */
#define MARK_FLAG_CP	0x26a0
#define MARK_FLAG_ASCII	"!"

static const char *const font_files[FONT_COUNT] = {
	"DejaVuSans.ttf",
	"DejaVuSans-Bold.ttf",
};

/* Few sizes on purpose. In the SVG each text says how it differs from
 * TS_LABEL (TEXT_SIZE, TEXT_RGB of chart_svg.c). */
const struct chart_tstyle chart_tstyles[TS_COUNT] = {
	[TS_TITLE] = { FONT_BOLD, 15, 0x1a1a1a },
	[TS_LABEL] = { FONT_BOOK, 12, 0x262626 },
	[TS_VALUE] = { FONT_BOOK, 12, 0x262626 },
	[TS_FLAGGED] = { FONT_BOLD, 12, 0xb33c00 },
	[TS_FLAGNOTE] = { FONT_BOOK, 12, 0xb33c00 },
	[TS_STATE] = { FONT_BOOK, 12, 0x595959 },
	[TS_TICK] = { FONT_BOOK, 11, 0x595959 },
	[TS_NOTE] = { FONT_BOOK, 11, 0x595959 },
	[TS_GROUP] = { FONT_BOLD, 12, 0x1a1a1a },
	[TS_CHANGE] = { FONT_BOOK, 11, 0x595959 },
	/* the blue of the site's links: calm, and apart from the orange
	 * of what fell for the colour-blind too */
	[TS_BETTER] = { FONT_BOOK, 12, 0x1c5d99 },
};

/* Freed by cairo with the font face, once its caches let go of it. */
struct ft_owner {
	FT_Library lib;
	FT_Face face;
};

cairo_font_options_t *
chart_font_options(void)
{
	cairo_font_options_t *o = cairo_font_options_create();

	/* Unhinted metrics: PNG and SVG then share one layout. */
	cairo_font_options_set_hint_metrics(o, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(o, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_antialias(o, CAIRO_ANTIALIAS_GRAY);
	return o;
}

static void
ft_owner_free(void *p)
{
	struct ft_owner *o = p;

	if (o->face != NULL)
		FT_Done_Face(o->face);
	FT_Done_FreeType(o->lib);
	free(o);
}

static bool
font_check(struct ft_owner *o, const char *path, char *err)
{
	if (access(path, R_OK) != 0) {
		snprintf(err, CHART_ERR_SIZE, "%s: %s (install fonts-dejavu-core "
		    "or set BENCHSITE_FONT_DIR)", path, strerror(errno));
		return false;
	}
	if (FT_New_Face(o->lib, path, 0, &o->face) != 0) {
		o->face = NULL;
		snprintf(err, CHART_ERR_SIZE, "%s: not a font FreeType reads",
		    path);
		return false;
	}
	if (o->face->family_name == NULL ||
	    strcmp(o->face->family_name, "DejaVu Sans") != 0) {
		snprintf(err, CHART_ERR_SIZE, "%s: not DejaVu Sans", path);
		return false;
	}
	return true;
}

static cairo_font_face_t *
font_open(const char *dir, const char *file, bool *has_flag, char *err)
{
	static const cairo_user_data_key_t key;
	struct ft_owner *o = xcalloc(1, sizeof *o);
	cairo_font_face_t *cf;
	char *path = xasprintf("%s/%s", dir, file);

	if (FT_Init_FreeType(&o->lib) != 0) {
		snprintf(err, CHART_ERR_SIZE, "cannot start FreeType");
		free(o);
		free(path);
		return NULL;
	}
	if (!font_check(o, path, err)) {
		ft_owner_free(o);
		free(path);
		return NULL;
	}
	free(path);
	*has_flag = FT_Get_Char_Index(o->face, MARK_FLAG_CP) != 0;
	cf = cairo_ft_font_face_create_for_ft_face(o->face, 0);
	if (cairo_font_face_status(cf) != CAIRO_STATUS_SUCCESS ||
	    cairo_font_face_set_user_data(cf, &key, o, ft_owner_free) !=
	    CAIRO_STATUS_SUCCESS) {
		snprintf(err, CHART_ERR_SIZE, "%s/%s: %s", dir, file,
		    cairo_status_to_string(cairo_font_face_status(cf)));
		cairo_font_face_destroy(cf);
		ft_owner_free(o);
		return NULL;
	}
	return cf;
}

struct chart_fonts *
chart_fonts_load(const char *dir, char *err)
{
	struct chart_fonts *f = xcalloc(1, sizeof *f);

	if (dir == NULL)
		dir = getenv("BENCHSITE_FONT_DIR");
	if (dir == NULL || *dir == '\0')
		dir = DEFAULT_FONT_DIR;
	f->dir = xstrdup(dir);
	for (int i = 0; i < FONT_COUNT; i++) {
		f->face[i] = font_open(dir, font_files[i],
		    &f->has_flag_glyph[i], err);
		if (f->face[i] == NULL) {
			chart_fonts_free(f);
			return NULL;
		}
	}
	return f;
}

const char *
chart_flag_symbol(const struct chart_fonts *f)
{
	for (int i = 0; i < FONT_COUNT; i++)
		if (!f->has_flag_glyph[i])
			return MARK_FLAG_ASCII;
	return MARK_FLAG;
}

void
chart_fonts_free(struct chart_fonts *f)
{
	if (f == NULL)
		return;
	for (int i = 0; i < FONT_COUNT; i++)
		if (f->face[i] != NULL)
			cairo_font_face_destroy(f->face[i]);
	free(f->dir);
	free(f);
}

const char *
chart_font_file(const struct chart_fonts *f, int k, const char **dir)
{
	*dir = f->dir;
	return k >= 0 && k < FONT_COUNT ? font_files[k] : NULL;
}
