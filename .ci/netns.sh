#!/usr/bin/env bash
# A "phone" on a network of its own, for the end-to-end security tests (tests/browser/test_netns.py):
#
#   bash .ci/netns.sh create [INDEX]   # a network namespace with a veth pair to this machine
#   bash .ci/netns.sh remove [INDEX]   # removes it (nothing left behind; safe to run twice)
#   bash .ci/netns.sh check            # exit 0 when this machine can make one (root, ip, netns)
#
# The addresses are in 198.51.100.0/24 (TEST-NET-2, RFC 5737: documentation only, never routed), one
# /30 per INDEX (0 to 63): this machine's end of the pair is 198.51.100.(4*INDEX+1), the phone's end
# 198.51.100.(4*INDEX+2).  The namespace gets no default route and this machine's routes are left alone
# apart from the /30 on the new interface: the phone reaches this machine's end of the pair and nothing
# else.  Before choosing the range, `ip -4 addr` and `ip route` on the CI machine showed 192.0.2.0/24
# (gateway 192.0.2.1) only.  Root is needed (CI runs as root); the tests skip loudly without it, and
# fail when COMPAGNON_REQUIRE_NETNS=1 (.ci/test sets it when it runs as root).
set -euo pipefail

action=${1:-}
index=${2:-0}
if ! [[ "$index" =~ ^[0-9]+$ ]] || (( index > 63 )); then
  echo "netns.sh: INDEX must be 0 to 63" >&2; exit 2
fi
ns="compagnon-phone-$index"
outside="cmpH$index"   # this machine's end of the pair
inside="cmpP$index"    # the phone's end
here="198.51.100.$((4 * index + 1))"
phone="198.51.100.$((4 * index + 2))"

remove() {
  ip link del "$outside" 2>/dev/null || true  # deleting one end deletes the pair
  ip netns del "$ns" 2>/dev/null || true
}

case "$action" in
  create)
    remove
    # another pair of ours (another INDEX) is fine; anything else in this range is not ours to touch
    if ip -4 route show | grep '^198\.51\.100\.' | grep -qv ' dev cmpH'; then
      echo "netns.sh: 198.51.100.0/24 is already used on this machine; not touching it" >&2; exit 3
    fi
    ip netns add "$ns"
    ip link add "$outside" type veth peer name "$inside"
    ip link set "$inside" netns "$ns"
    ip addr add "$here/30" dev "$outside"
    ip link set "$outside" up
    ip -n "$ns" addr add "$phone/30" dev "$inside"
    ip -n "$ns" link set "$inside" up
    ip -n "$ns" link set lo up
    echo "$ns $here $phone"
    ;;
  remove)
    remove
    ;;
  check)
    [ "$(id -u)" = 0 ] || { echo "not root"; exit 1; }
    command -v ip >/dev/null || { echo "no ip command (iproute2)"; exit 1; }
    probe="compagnon-probe-$$"
    ip netns add "$probe" 2>/dev/null || { echo "cannot create a network namespace"; exit 1; }
    ip netns del "$probe"
    ;;
  *)
    echo "usage: netns.sh create|remove [INDEX 0-63] | check" >&2; exit 2
    ;;
esac
