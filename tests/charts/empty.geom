chart 720.0x99.0
title "Block read" at 16.0,28.0 w 89.4
empty "no runs" at 16.0,60.3 w 45.2
legend "Median of the samples, whiskers min-max. MiB/s = 1024 KiB/s (bonnie++'s K/sec is KiB/s)." at 16.0,86.3 w 499.9
