chart 720.0x249.0
title "Block write" at 16.0,28.0 w 94.7
axis 0 to 200 step 50 plot 199.0-659.2 x 44.0-156.0
tick "0" at 195.5,171.0 w 7.0
  grid 199.5
tick "50" at 307.1,171.0 w 14.0
  grid 314.5
tick "100" at 418.6,171.0 w 21.0
  grid 429.5
tick "150" at 533.7,171.0 w 21.0
  grid 544.5
tick "200" at 648.7,171.0 w 21.0
  grid 659.5
caption "MiB/s" at 414.3,187.0 w 29.5
row 1 value band 44.0+28.0
  label "hda ext3" at 135.8,62.3 w 53.2
  bar 199.0,49.0 128.2x18.0
  whisker 318.7-330.4 at 58.0
  text "55.7" at 336.4,62.3 w 26.7
row 2 value band 72.0+28.0
  label "md0 raid0 2 x ST3400832AS" at 17.0,90.3 w 172.0
  bar 199.0,77.0 428.5x18.0
  whisker 615.5-637.1 at 86.0
  expect 659.2
  text "186" at 665.2,90.3 w 22.9
row 3 value highlight band 100.0+28.0
  label "md1 raid5 4 disks" at 81.7,118.3 w 107.3
  bar 199.0,105.0 223.9x18.0 striped
  whisker 338.2-431.4 at 114.0
  mark "⚠" at 437.4,118.3 w 10.8
  text "97.3" at 451.2,118.3 w 29.6
row 4 value band 128.0+28.0
  label "vm 2.00a" at 132.3,146.3 w 56.7
  bar 199.0,133.0 113.7x18.0
  text "~49.4" at 318.7,146.3 w 36.8
legend "Median of the samples, whiskers min-max. MiB/s = 1024 KiB/s (bonnie++'s K/sec is KiB/s)." at 16.0,209.0 w 499.9
legend "~ = the input gave this figure with reduced precision.  ▼ = the run's expected value." at 16.0,223.0 w 469.3
legend "⚠ and stripes = flagged by the analysis." at 16.0,237.0 w 222.3
