/** The outbound AI-calling operations under `/gateway` (spec part 4 of document 2). */
import { defineOperation, type Operation } from "../signed-api/operation.ts";
import { ANSWERS } from "./answers.ts";
import { callDetail, listDoneCalls, listNotStarted } from "./calls.ts";
import {
  AddBlackInfoRequest,
  CallDetailRequest,
  CallDoneListRequest,
  CallJobStatusListRequest,
  CallNotStartListRequest,
  PhoneListRequest,
  RobotListRequest,
  SceneVariablesRequest,
  TaskCreateRequest,
  TaskExecuteRequest,
  TaskImportRequest,
  TaskListRequest,
  TaskRequest,
} from "./schemas.ts";
import type { OutboundRuntime } from "./runtime.ts";
import type { Command } from "./task-states.ts";
import { createTask, executeCommand, importCustomers } from "./tasks.ts";
import { jobStatuses, listTasks, taskDetail } from "./task-views.ts";
import { lineEntry, scriptEntry } from "./resources.ts";

export function outboundOperations(outbound: OutboundRuntime): Operation[] {
  const { store } = outbound;
  return [
    defineOperation({
      method: "POST",
      path: "/gateway/robot_list",
      summary: "List scripts (robots), all, online, or ever published.",
      readOnly: true,
      answer: ANSWERS.robotList,
      params: RobotListRequest,
      handle: ({ tenant }, q) => ({
        result: { list: store.listScripts(tenant.enterpriseId, q.robotStatus).map(scriptEntry) },
      }),
    }),
    defineOperation({
      method: "POST",
      path: "/gateway/scenevariables",
      summary: "List a script's variables: what imported customers' properties must fill.",
      readOnly: true,
      answer: ANSWERS.sceneVariables,
      params: SceneVariablesRequest,
      handle: ({ tenant }, q) => ({
        result: { variables: store.findScript(tenant.enterpriseId, q.robotDefId).variables },
      }),
    }),
    defineOperation({
      method: "POST",
      path: "/gateway/phone_list",
      summary: "List the tenant's outbound lines, or one.",
      readOnly: true,
      answer: ANSWERS.phoneList,
      params: PhoneListRequest,
      handle: ({ tenant }, q) => ({
        result: { list: store.listLines(tenant.enterpriseId, q.userPhoneId).map(lineEntry) },
      }),
    }),
    defineOperation({
      method: "POST",
      path: "/gateway/add_black_info",
      summary: "Add a number to the tenant's blacklist.",
      readOnly: false,
      answer: ANSWERS.addBlackInfo,
      params: AddBlackInfoRequest,
      handle: ({ tenant }, input) => ({
        result: { blackListId: store.addToBlacklist(tenant.enterpriseId, input).blackListId },
      }),
    }),
    defineOperation({
      method: "POST",
      path: "/gateway/task_create",
      summary: "Create an outbound call task.",
      readOnly: false,
      answer: ANSWERS.taskCreate,
      params: TaskCreateRequest,
      handle: ({ tenant }, input) => ({
        result: { callJobId: createTask(outbound, tenant, input).callJobId },
      }),
    }),
    defineOperation({
      method: "POST",
      path: "/gateway/task_execute",
      summary: "Start (1), pause (2) or terminate (3) a task.",
      readOnly: false,
      answer: ANSWERS.taskExecute,
      params: TaskExecuteRequest,
      handle: ({ tenant }, q) => ({
        code: 200,
        message: executeCommand(
          outbound,
          store.findTask(tenant.enterpriseId, q.callJobId),
          q.command as Command,
        ),
      }),
    }),
    defineOperation({
      method: "POST",
      path: "/gateway/task_import",
      summary: "Import customers (numbers and their properties) into a task.",
      readOnly: false,
      answer: ANSWERS.taskImport,
      params: TaskImportRequest,
      handle: ({ tenant }, q) => ({
        result: importCustomers(
          outbound,
          store.findTask(tenant.enterpriseId, q.callJobId),
          q.customerInfoVOList,
          q.permitrepeatnum ?? false,
        ),
      }),
    }),
    defineOperation({
      method: "POST",
      path: "/gateway/task_list",
      summary: "List tasks, filtered by status, creation date and name, paged.",
      readOnly: true,
      answer: ANSWERS.taskList,
      params: TaskListRequest,
      handle: ({ tenant }, q) => ({ result: listTasks(outbound, tenant, q) }),
    }),
    defineOperation({
      method: "POST",
      path: "/gateway/task",
      summary: "A task's detail, with call statistics.",
      readOnly: true,
      answer: ANSWERS.task,
      params: TaskRequest,
      handle: ({ tenant }, q) => ({
        result: taskDetail(outbound, store.findTask(tenant.enterpriseId, q.callJobId)),
      }),
    }),
    defineOperation({
      method: "POST",
      path: "/gateway/calljob_status_list",
      summary: "The status of several tasks.",
      readOnly: true,
      answer: ANSWERS.calljobStatusList,
      params: CallJobStatusListRequest,
      handle: ({ tenant }, q) => ({
        result: { list: jobStatuses(store, tenant, q.callJobIdList) },
      }),
    }),
    defineOperation({
      method: "POST",
      path: "/gateway/call_done_list",
      summary: "A task's finished calls, filtered and paged.",
      readOnly: true,
      answer: ANSWERS.callDoneList,
      params: CallDoneListRequest,
      handle: ({ tenant }, q) => ({ result: listDoneCalls(outbound, tenant, q) }),
    }),
    defineOperation({
      method: "POST",
      path: "/gateway/call_not_start_list",
      summary: "A task's numbers not dialed yet, paged.",
      readOnly: true,
      answer: ANSWERS.callNotStartList,
      params: CallNotStartListRequest,
      handle: ({ tenant }, q) => ({ result: listNotStarted(outbound, tenant, q) }),
    }),
    defineOperation({
      method: "POST",
      path: "/gateway/call_detail",
      summary: "One call: dialogue, the call record and the result analysis.",
      readOnly: true,
      answer: ANSWERS.callDetail,
      params: CallDetailRequest,
      handle: ({ tenant }, q) => ({
        result: callDetail(store, store.findCall(tenant.enterpriseId, q.callInstanceId)),
      }),
    }),
  ];
}
