# Puts the Node.js that .nvmrc names first on PATH where the machine's node is older: the npm registry's
# node-linux-<arch> package (the official binary), unpacked once into ~/.cache/selah. npm and npx then run on it.
# Source it from the repository's root or anywhere: `. scripts/use-node-24.sh` (.ci/run does).
selah_node_want="$(tr -d 'v \n' < "$(dirname "${BASH_SOURCE[0]}")/../.nvmrc")"
selah_node_have="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$selah_node_have" -lt "$selah_node_want" ]; then
  case "$(uname -m)" in
    aarch64 | arm64) selah_node_arch=arm64 ;;
    *) selah_node_arch=x64 ;;
  esac
  selah_node_dir="${XDG_CACHE_HOME:-$HOME/.cache}/selah/node-$selah_node_want-linux-$selah_node_arch"
  if [ ! -x "$selah_node_dir/package/bin/node" ]; then
    echo "== Node $selah_node_have is older than $selah_node_want: fetching node-linux-$selah_node_arch@$selah_node_want from the npm registry"
    rm -rf "$selah_node_dir" && mkdir -p "$selah_node_dir"
    (cd "$selah_node_dir" && npm pack --silent "node-linux-$selah_node_arch@$selah_node_want" > /dev/null && tar xzf node-linux-*.tgz && rm -f node-linux-*.tgz)
  fi
  export PATH="$selah_node_dir/package/bin:$PATH"
fi
unset selah_node_want selah_node_have selah_node_arch selah_node_dir
echo "== node $(node --version), npm $(npm --version)"
