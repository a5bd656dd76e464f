# Sourced by the test scripts before anything writes to /dev/null.
#
# Some containers start with /dev/null as an ordinary file, not the device
# (seen here and on CI, 5 December; a missing node that the first
# `>/dev/null` creates would look the same). Build tools then read
# back what others wrote there (cargo gives rustc /dev/null as its input, and
# a build script's probe errors end up in it), and builds fail with errors
# that have nothing to do with the code. Make the device again when we can.
# Where that is not allowed, the scripts empty the file before each build
# that reads it (empty_devnull) and go on.
if [ ! -c /dev/null ]; then
  if [ "$(id -u)" = 0 ] && rm -f /dev/null && mknod -m 666 /dev/null c 1 3 && [ -c /dev/null ]; then
    echo "note: /dev/null was not a device; made it one (mknod c 1 3)" >&2
  else
    echo "warning: /dev/null is not a character device and cannot be made one here;" >&2
    echo "builds read it as input, so it is emptied before each build (as root: rm -f /dev/null && mknod -m 666 /dev/null c 1 3)" >&2
  fi
fi
# Empties /dev/null when it is an ordinary file (a no-op on the device).
empty_devnull() { if [ ! -c /dev/null ]; then : >/dev/null; fi; }
