chart 720.0x383.0
title "Block read history: fileserver1" at 16.0,28.0 w 256.5
axis 0 to 200 step 50 plot 162.0-666.4 x 44.0-304.0
tick "0" at 158.5,319.0 w 7.0
  grid 162.5
tick "50" at 281.1,319.0 w 14.0
  grid 288.5
tick "100" at 403.7,319.0 w 21.0
  grid 414.5
tick "150" at 529.8,319.0 w 21.0
  grid 540.5
tick "200" at 655.9,319.0 w 21.0
  grid 666.5
caption "MiB/s" at 399.4,335.0 w 29.5
row 1 value band 44.0+28.0
  label "2005-11-02 2.6.14" at 40.3,62.3 w 111.7
  bar 162.0,49.0 449.9x18.0
  whisker 600.8-618.7 at 58.0
  expect 628.6
  text "178" at 634.6,62.3 w 22.9
row 2 value band 72.0+28.0
  label "2005-11-20 2.6.14" at 40.3,90.3 w 111.7
  bar 162.0,77.0 457.0x18.0
  whisker 615.7-623.5 at 86.0
  expect 628.6
  text "181" at 634.6,90.3 w 22.9
change band 100.0+16.0 line 162.0-548.6 at 108.5
  text "kernel: 2.6.14 → 2.6.15-rc5" at 554.6,112.5 w 149.4
row 3 value band 116.0+28.0
  label "2005-12-05 2.6.15-rc5" at 16.8,134.3 w 135.2
  bar 162.0,121.0 446.1x18.0
  whisker 596.8-610.9 at 130.0
  expect 628.6
  text "177" at 634.6,134.3 w 22.9
change band 144.0+16.0 line 162.0-537.9 at 152.5
  text "scheduler: cfq → anticipatory" at 543.9,156.5 w 160.1
row 4 value highlight band 160.0+28.0
  label "2005-12-20 2.6.15-rc5" at 16.8,178.3 w 135.2
  bar 162.0,165.0 335.4x18.0 striped
  whisker 468.9-513.1 at 174.0
  expect 628.6
  mark "⚠" at 519.1,178.3 w 10.8
  text "133" at 532.8,178.3 w 25.0
  flag "−25%" at 563.9,178.3 w 36.7
change band 188.0+16.0 line 162.0-548.6 at 196.5
  text "kernel: 2.6.15-rc5 → 2.6.15" at 554.6,200.5 w 149.4
row 5 value highlight band 204.0+28.0
  label "2006-01-09 2.6.15" at 40.3,222.3 w 111.7
  bar 162.0,209.0 88.5x18.0 striped
  whisker 245.2-253.8 at 218.0
  expect 628.6
  mark "⚠" at 259.8,222.3 w 10.8
  text "35.1" at 273.6,222.3 w 29.6
  flag "19% of expected" at 309.2,222.3 w 101.7
change band 232.0+16.0 line 162.0-204.3 at 240.5
  text "kernel: 2.6.15 → 2.6.16; scheduler: anticipatory → deadline; mount-options: noatime,da…" at 210.3,244.5 w 493.7
row 6 value band 248.0+28.0
  label "2006-02-14 2.6.16" at 40.3,266.3 w 111.7
  bar 162.0,253.0 464.0x18.0
  whisker 621.5-633.4 at 262.0
  expect 628.6
  text "184" at 639.4,266.3 w 22.9
row 7 not-run highlight band 276.0+28.0
  label "2006-03-01 2.6.16" at 40.3,294.3 w 111.7
  expect 628.6
  mark "⚠" at 168.0,294.3 w 10.8
  text "not run" at 181.8,294.3 w 43.6
  flag "block tests missing since this run" at 231.4,294.3 w 199.5
legend "Median of the samples, whiskers min-max. MiB/s = 1024 KiB/s (bonnie++'s K/sec is KiB/s)." at 16.0,357.0 w 499.9
legend "▼ = the run's expected value.  ⚠ and stripes = flagged by the analysis." at 16.0,371.0 w 394.4
