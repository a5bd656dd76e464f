# Sourced by the test scripts before anything writes to /dev/null.
#
# Some containers start without a real /dev/null: the node is missing, and
# the first `>/dev/null` makes it an ordinary file. Build tools then read
# back what others wrote there (cargo gives rustc /dev/null as its input, and
# a build script's probe errors end up in it), and builds fail with errors
# that have nothing to do with the code. Make the device again when we can.
if [ ! -c /dev/null ]; then
  if [ "$(id -u)" = 0 ] && rm -f /dev/null && mknod -m 666 /dev/null c 1 3; then
    echo "note: /dev/null was not a device; made it one (mknod c 1 3)" >&2
  else
    echo "/dev/null is not a character device, and builds read it as input:" >&2
    echo "as root, run: rm -f /dev/null && mknod -m 666 /dev/null c 1 3" >&2
    exit 1
  fi
fi
