#!/usr/bin/env bash
# Outbound AI calling from the outside, with curl: create a task, import customers with the
# script's variables as properties, start it, let the virtual clock run until the dialing is done,
# list the finished calls and read one call's dialogue. Start ccemu first with a manual clock and
# seed 1 (the answers below are seed 1's: another seed gives other outcomes), from a clone:
#   npx --yes deno@2.9.6 task start -- --clock manual --seed 1
# or with the npm package installed:  npx ccemu start --clock manual --seed 1
set -euo pipefail
CCEMU=${CCEMU:-http://127.0.0.1:8686}
# Prints a curl command signed with the demo key: this clone's `ccemu sign` when the script runs
# from one, the npm package's otherwise.
here=$(cd "$(dirname "$0")" && pwd)
if [ -f "$here/../main.ts" ]; then
  default_sign="npx --yes deno@2.9.6 run --allow-read --allow-net $here/../main.ts sign"
else
  default_sign="npx ccemu sign"
fi
SIGN=${SIGN:-$default_sign}
call() { $SIGN POST "$CCEMU$1" --body "$2" | sh; echo; }

# 1. A task on script 3001 (variables 客户姓名, 分期金额) calling from line 501, with one redial of
#    numbers that did not answer (finishStatus 8) after 30 minutes.
call /gateway/task_create '{"enterpriseId":"7000001","callJobName":"Instalment follow-up",
  "callJobType":2,"robotDefId":3001,"userPhoneIds":"[501]","concurrencyQuota":1,
  "concurrencyNum":2,"repeatCall":true,
  "repeatCallRule":"[{\"interval\":30,\"phoneStatus\":8,\"times\":1}]"}'
#    -> {"requestId":"…","result":{"callJobId":80001}}

# 2. Three customers; properties fill the script's variables (a missing one fails that row).
call /gateway/task_import '{"enterpriseId":"7000001","callJobId":80001,
  "customerInfoVOList":"[{\"phone\":\"13812340001\",\"name\":\"张三\",\"properties\":{\"客户姓名\":\"张三\",\"分期金额\":\"12000\"}},{\"phone\":\"13812340002\",\"name\":\"李四\",\"properties\":{\"客户姓名\":\"李四\",\"分期金额\":\"8000\"}},{\"phone\":\"13812340003\",\"properties\":{\"客户姓名\":\"王五\"}}]"}'
#    -> {"result":{"total":3,"successNum":2,"placeFailNum":1,"repeatNum":0,
#        "placeFailDetail":"[{\"row\":2,…\"reason\":\"properties lack the script variables 分期金额\"}]"}}

# 3. Start it (command 1), then move the virtual clock until every call has finished.
call /gateway/task_execute '{"enterpriseId":"7000001","callJobId":80001,"command":1}'
curl -s -X POST "$CCEMU/_emulator/outbound/advance-until-idle"; echo

# 4. The finished calls, and one call's dialogue (the script's template, filled from properties).
call /gateway/call_done_list '{"enterpriseId":"7000001","callJobId":80001,"pageSize":10}'
call /gateway/call_detail '{"enterpriseId":"7000001","callInstanceId":900000001}'
