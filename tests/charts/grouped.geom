chart 720.0x425.0
title "Block write by controller" at 16.0,28.0 w 208.3
axis 0 to 200 step 50 plot 205.0-666.4 x 44.0-346.0
tick "0" at 201.5,361.0 w 7.0
  grid 205.5
tick "50" at 313.3,361.0 w 14.0
  grid 320.5
tick "100" at 425.2,361.0 w 21.0
  grid 435.5
tick "150" at 540.5,361.0 w 21.0
  grid 551.5
tick "200" at 655.9,361.0 w 21.0
  grid 666.5
caption "MiB/s" at 420.9,377.0 w 29.5
group band 44.0+26.0 rule 49.5
  heading "controller: Marvell MV88SX6081" at 16.0,64.3 w 218.6
row 1 value band 70.0+28.0
  label "sata1 1 x ST3400832AS" at 51.3,88.3 w 143.7
  bar 205.0,75.0 134.3x18.0
  whisker 336.3-341.1 at 84.0
  text "58.2" at 347.1,88.3 w 26.7
row 2 value band 98.0+28.0
  label "sata2 raid0 2 x ST3400832AS" at 16.6,116.3 w 178.4
  bar 205.0,103.0 259.8x18.0
  whisker 454.4-468.0 at 112.0
  text "113" at 474.0,116.3 w 22.9
row 3 value highlight band 126.0+28.0
  label "sata3 raid5 4 x ST3400832AS" at 16.6,144.3 w 178.4
  bar 205.0,131.0 95.3x18.0 striped
  whisker 296.8-307.0 at 140.0
  mark "⚠" at 313.0,144.3 w 10.8
  text "41.3" at 326.7,144.3 w 29.6
  flag "-52% vs raid0" at 362.3,144.3 w 82.9
group band 154.0+26.0 rule 159.5
  heading "controller: Silicon Image SiI 3124" at 16.0,174.3 w 224.9
row 4 value band 180.0+28.0
  label "sil1 1 x ST3400832AS" at 64.0,198.3 w 131.0
  bar 205.0,185.0 138.6x18.0
  text "60.1" at 349.6,198.3 w 26.7
row 5 value band 208.0+28.0
  label "sil2 raid0 2 x ST3400832AS" at 29.4,226.3 w 165.6
  bar 205.0,213.0 276.4x18.0
  whisker 476.1-484.8 at 222.0
  text "120" at 490.8,226.3 w 22.9
row 6 too-fast band 236.0+28.0
  label "sil3 ramdisk" at 122.5,254.3 w 72.5
  bar 205.0,241.0 461.4x18.0
  text "too fast to measure" at 217.0,254.3 w 118.0
group band 264.0+26.0 rule 269.5
  heading "controller: 3ware 9550SX-8LP (hardware RAID-5, write cache on, battery backup unit fitted, firmwa…" at 16.0,284.3 w 686.6
row 7 value band 290.0+28.0
  label "3w1 raid5 8 x WD2500KS" at 41.9,308.3 w 153.1
  bar 205.0,295.0 430.0x18.0
  whisker 620.7-643.3 at 304.0
  expect 666.4
  text "186" at 672.4,308.3 w 22.9
row 8 not-run band 318.0+28.0
  label "3w2 raid10 8 x WD2500KS" at 34.3,336.3 w 160.7
  text "not run" at 211.0,336.3 w 43.6
legend "Median of the samples, whiskers min-max. MiB/s = 1024 KiB/s (bonnie++'s K/sec is KiB/s)." at 16.0,399.0 w 499.9
legend "▼ = the run's expected value.  ⚠ and stripes = flagged by the analysis." at 16.0,413.0 w 394.4
