@own @security
Feature: 权限关卡一次只问一个问题，记得本会话的批准
  同一次运行（连同它的子代理）共用一个权限关卡。一个人一次回答一个问题：询问排队，轮到时如果这些部分已经在
  本会话内批准过，就不再问；检查已被取消的不再问。已经批准过的命令不必排在未回答的问题后面。审批者拿到检查的
  中止信号，取消运行时可以撤回问题。每个决定都作为 permission_decided 事件报告，写明由谁做出：规则、用户、
  本会话的批准、approveAll，或没有审批者。

  Background:
    Given 权限规则:
      | 动作 | 模式    |
      | ask  | touch * |
      | deny | rm *    |

  Scenario: 本会话批准过的命令不排在未回答的问题后面；只批准了一部分的命令仍要问
    Given 审批者的回答由场景逐个给出
    When 权限关卡开始检查 `touch a.txt`
    And 审批者回答第 1 个问题 "session"
    And 权限关卡开始检查 `touch b.txt`
    And 权限关卡开始检查 `touch a.txt`
    Then 第 3 个检查应已得出：允许
    And 第 2 个检查应还在等待
    When 审批者回答第 2 个问题 "deny"
    Then 第 2 个检查应已得出：拒绝，原因为 "denied by policy: ask rule \"touch *\" (option ask[0]); the user declined it"
    When 权限关卡开始检查 `touch a.txt; touch c.txt`
    Then 审批者被问到的命令依次为 "touch a.txt、touch b.txt、touch a.txt; touch c.txt"
    And 权限事件应依次为 "permission_requested, permission_decided:allow:user, permission_requested, permission_decided:allow:session, permission_decided:deny:user, permission_requested"

  Scenario: 排队等候时同样的命令被批准了本会话，轮到它时就不再问
    Given 审批者的回答由场景逐个给出
    When 权限关卡开始检查 `touch a.txt`
    And 权限关卡开始检查 `touch a.txt`
    And 审批者回答第 1 个问题 "session"
    Then 第 1 个检查应已得出：允许
    And 第 2 个检查应已得出：允许
    And 审批者被问到的命令依次为 "touch a.txt"
    And 权限事件应依次为 "permission_requested, permission_decided:allow:user, permission_decided:allow:session"

  Scenario: 已经取消的检查不再问，直接拒绝
    Given 审批者的回答由场景逐个给出
    When 权限关卡用已经中止的信号检查 `touch a.txt`
    Then 第 1 个检查应已得出：拒绝，原因为 "cancelled before approval"
    And 审批者被问到的命令依次为 ""
    And 权限事件应依次为 ""

  Scenario: 取消检查时，审批者拿到的中止信号撤回了问题
    Given 审批者的回答由场景逐个给出
    When 权限关卡开始检查 `touch a.txt`
    And 中止第 1 个检查
    Then 第 1 个检查应已得出：拒绝，原因为 "denied by policy: ask rule \"touch *\" (option ask[0]); the approval failed (the question was withdrawn)"
    And 权限事件应依次为 "permission_requested, permission_decided:deny:user"

  Scenario: 规则拒绝的与 approveAll 批准的，事件写明由谁决定；没有规则过问的命令直接放行，不报告
    Given 权限关卡批准一切询问
    When 权限关卡开始检查 `ls`
    And 权限关卡开始检查 `rm x`
    And 权限关卡开始检查 `touch y`
    Then 第 1 个检查应已得出：允许
    And 第 2 个检查应已得出：拒绝，原因为 "denied by policy: deny rule \"rm *\" (option deny[0])"
    And 第 3 个检查应已得出：允许
    And 权限事件应依次为 "permission_decided:deny:rule, permission_decided:allow:approve_all"
