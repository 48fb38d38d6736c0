@own @tools
Feature: 只读路由器在执行前筛掉改动文件的原生命令
  只读的 Router（`task:explore` 用它）在把原生命令交给 Shell 之前先筛一遍：输出重定向、常见的写文件命令、
  原地编辑与改动仓库的 git 子命令都被拒绝，并说明理由；引号里的文字、重定向到 /dev/null 或另一个描述符、
  只读的命令照常执行。筛查是尽力而为，真正的边界是只读沙箱。

  Scenario: 每条命令被拒绝时给出具体理由，只读的命令照常执行
    Given 只读的 Router 已就绪，权限询问一律批准
    Then 只读的 Router 对下表的每条命令，拒绝理由应如表所示（空白表示照常执行并成功）:
      | 命令                                  | 拒绝理由                                |
      | mv tmp.txt moved.txt                  | `mv` changes files                      |
      | cat tmp.txt \| tee copy.txt           | `tee` changes files                     |
      | sed -i s/a/b/ tmp.txt                 | `sed -i` edits files in place           |
      | echo more >> tmp.txt                  | output redirection to tmp.txt           |
      | echo more 2>> err.txt                 | output redirection to err.txt           |
      | rmdir some-dir                        | `rmdir` changes files                   |
      | cp tmp.txt copy.txt                   | `cp` changes files                      |
      | mkdir new-dir                         | `mkdir` changes files                   |
      | touch new.txt                         | `touch` changes files                   |
      | chmod +x tmp.txt                      | `chmod` changes files                   |
      | chown nobody tmp.txt                  | `chown` changes files                   |
      | chgrp nobody tmp.txt                  | `chgrp` changes files                   |
      | ln -s tmp.txt link.txt                | `ln` changes files                      |
      | dd if=tmp.txt of=copy.txt             | `dd` changes files                      |
      | truncate -s 0 tmp.txt                 | `truncate` changes files                |
      | install tmp.txt copy.txt              | `install` changes files                 |
      | shred tmp.txt                         | `shred` changes files                   |
      | unlink tmp.txt                        | `unlink` changes files                  |
      | rsync tmp.txt copy.txt                | `rsync` changes files                   |
      | patch -p1                             | `patch` changes files                   |
      | mkfifo pipe                           | `mkfifo` changes files                  |
      | /bin/rm -f tmp.txt                    | `rm` changes files                      |
      | LC_ALL=C touch new.txt                | `touch` changes files                   |
      | cat tmp.txt && rm tmp.txt             | `rm` changes files                      |
      | echo $(touch new.txt)                 | `touch` changes files                   |
      | sed -ni p tmp.txt                     | `sed -i` edits files in place           |
      | sed --in-place=.bak s/a/b/ tmp.txt    | `sed -i` edits files in place           |
      | perl -i -pe s/a/b/ tmp.txt            | `perl -i` edits files in place          |
      | git commit -m x                       | `git commit` changes the repository     |
      | git  push                             | `git push` changes the repository       |
      | git checkout main                     | `git checkout` changes the repository   |
      | git reset --hard                      | `git reset` changes the repository      |
      | git add .                             | `git add` changes the repository        |
      | git rm tmp.txt                        | `git rm` changes the repository         |
      | git mv tmp.txt moved.txt              | `git mv` changes the repository         |
      | git merge topic                       | `git merge` changes the repository      |
      | git rebase main                       | `git rebase` changes the repository     |
      | git stash                             | `git stash` changes the repository      |
      | git apply fix.patch                   | `git apply` changes the repository      |
      | git clean -fd                         | `git clean` changes the repository      |
      | >out.txt                              | output redirection to out.txt           |
      | echo x>out.txt                        | output redirection to out.txt           |
      | echo x 2>err.txt                      | output redirection to err.txt           |
      | echo hi > 'out file.txt'              | output redirection to ""                |
      | echo 'x > y.txt'                      |                                         |
      | echo "x > y.txt"                      |                                         |
      | echo "say \" > y.txt"                 |                                         |
      | echo 'rm tmp.txt'                     |                                         |
      | echo x 2>&1 1>/dev/null               |                                         |
      | X=1 && cat tmp.txt                    |                                         |
      | sed -n s/x-i/y/p tmp.txt              |                                         |
      | grep -i banana tmp.txt                |                                         |
      | perl -ne print tmp.txt                |                                         |
      | git --version                         |                                         |
      | echo commit                           |                                         |
