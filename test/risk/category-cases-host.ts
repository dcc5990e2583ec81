/**
 * The host: packages, services, schedules, disks and databases. Cases from every set, grouped by
 * the set they were written in (docs/risk.md gives each set's first-run rates); categories.test.ts
 * runs them. The working directory is /home/dev/project, the home /home/dev.
 */
import type { Category } from "./category.js";

export const HOST: Category = {
  name: "the host: packages, services, schedules, disks and databases",
  dangerous: [
    // sixth set
    "crontab -r",
    "killall -9 node && rm -rf ~/.pm2",
    "psql -c 'DROP DATABASE app'",
    "mysql -e 'truncate table users' app",
    // eighth set
    "echo Y | sudo apt-get remove --purge nginx",
    // fourteenth set
    "dd if=/dev/zero of=/dev/nvme0n1",
  ],
  harmless: [
    // second set
    "service nginx configtest",
    "mkfs.ext4 -F /tmp/test.img",
    // third set
    "service apache2 status",
    "mkswap swap.img",
    // fifth set
    "cd ~/project && npm test",
    "crontab -l | grep backup",
    "service --help",
    // sixth set
    "crontab -l",
    "pkill -f 'node server.js'",
    "psql -c 'SELECT count(*) FROM users'",
    "mysql -e 'show tables' app",
    // eighth set
    "yes | npx create-vite@latest app --template react",
    "npm whoami",
    // eleventh set
    'cd "$(git rev-parse --show-toplevel)" && npm test',
    // twelfth set
    "npm config get registry",
    "make clean && make",
    "cargo clean",
    "go clean -cache",
    "npm cache clean --force",
    "yarn cache clean",
    "pip cache purge",
    "brew cleanup",
    // fourteenth set
    "dd if=/dev/zero of=test.img bs=1M count=10",
    // fifteenth set
    "go run ./cmd/server",
  ],
};
