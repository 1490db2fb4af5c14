# beat-chain: the $BEAT development chain (Hardhat's EDR, chain id 31337) as a JSON-RPC node, so the
# distributed profile on one machine pays $BEAT too (services/payouts/src/token/README.md). Nothing to
# install: it runs from the repository's own dependencies. Its chain lives in memory; after a restart
# the payouts treasury rebuilds it from its journal.

BEAT_CHAIN_REPO="$(cd "$LOCAL_DIR/../.." && pwd)"
# Hardhat's well-known test key #0, the development chain's treasury (DEV_CHAIN_TREASURY_KEY in
# services/payouts/src/token/devChain.ts): public, funded on this chain only.
BEAT_CHAIN_TREASURY_KEY=0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80

beat_chain_install() {
  [ -d "$BEAT_CHAIN_REPO/node_modules/tsx" ] || die "beat-chain: run npm install in $BEAT_CHAIN_REPO first"
}

beat_chain_start() {
  running_pid beat-chain >/dev/null && return 0
  # The cache path as the last argument (ignored by the node) lets `ours` recognise the process.
  (cd "$BEAT_CHAIN_REPO" && BEAT_DEV_CHAIN_PORT="$BEAT_CHAIN_PORT" spawn beat-chain \
    node --import tsx services/payouts/src/token/devChainMain.ts "$BEATMATCH_CACHE/beat-chain")
}

beat_chain_stop() { stop_pid beat-chain 10; }

beat_chain_healthy() {
  running_pid beat-chain >/dev/null && port_open "$BEAT_CHAIN_PORT"
}

beat_chain_address() { printf 'BEAT_CHAIN_RPC_URL=http://127.0.0.1:%s' "$BEAT_CHAIN_PORT"; }

beat_chain_purge() { :; } # in memory only
