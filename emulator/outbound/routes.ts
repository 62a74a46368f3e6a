/** The outbound AI-calling operations under `/gateway` (spec part 4 of document 2). */
import { defineOperation, type Operation } from "../signed-api/operation.ts";
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
import type { OutboundStore } from "./store.ts";
import type { Command } from "./task-states.ts";
import { createTask, executeCommand, importCustomers } from "./tasks.ts";
import { jobStatuses, listTasks, taskDetail } from "./task-views.ts";
import { lineEntry, scriptEntry } from "./resources.ts";

export function outboundOperations(store: OutboundStore): Operation[] {
  return [
    defineOperation({
      method: "POST",
      path: "/gateway/robot_list",
      readOnly: true,
      params: RobotListRequest,
      handle: ({ tenant }, q) => ({
        result: { list: store.listScripts(tenant.enterpriseId, q.robotStatus).map(scriptEntry) },
      }),
    }),
    defineOperation({
      method: "POST",
      path: "/gateway/scenevariables",
      readOnly: true,
      params: SceneVariablesRequest,
      handle: ({ tenant }, q) => ({
        result: { variables: store.findScript(tenant.enterpriseId, q.robotDefId).variables },
      }),
    }),
    defineOperation({
      method: "POST",
      path: "/gateway/phone_list",
      readOnly: true,
      params: PhoneListRequest,
      handle: ({ tenant }, q) => ({
        result: { list: store.listLines(tenant.enterpriseId, q.userPhoneId).map(lineEntry) },
      }),
    }),
    defineOperation({
      method: "POST",
      path: "/gateway/add_black_info",
      readOnly: false,
      params: AddBlackInfoRequest,
      handle: ({ tenant }, input) => ({
        result: { blackListId: store.addToBlacklist(tenant.enterpriseId, input).blackListId },
      }),
    }),
    defineOperation({
      method: "POST",
      path: "/gateway/task_create",
      readOnly: false,
      params: TaskCreateRequest,
      handle: ({ tenant }, input) => ({
        result: { callJobId: createTask(store, tenant, input).callJobId },
      }),
    }),
    defineOperation({
      method: "POST",
      path: "/gateway/task_execute",
      readOnly: false,
      params: TaskExecuteRequest,
      handle: ({ tenant }, q) => ({
        code: 200,
        message: executeCommand(
          store,
          store.findTask(tenant.enterpriseId, q.callJobId),
          q.command as Command,
        ),
      }),
    }),
    defineOperation({
      method: "POST",
      path: "/gateway/task_import",
      readOnly: false,
      params: TaskImportRequest,
      handle: ({ tenant }, q) => ({
        result: importCustomers(
          store,
          store.findTask(tenant.enterpriseId, q.callJobId),
          q.customerInfoVOList,
          q.permitrepeatnum ?? false,
        ),
      }),
    }),
    defineOperation({
      method: "POST",
      path: "/gateway/task_list",
      readOnly: true,
      params: TaskListRequest,
      handle: ({ tenant }, q) => ({ result: listTasks(store, tenant, q) }),
    }),
    defineOperation({
      method: "POST",
      path: "/gateway/task",
      readOnly: true,
      params: TaskRequest,
      handle: ({ tenant }, q) => ({
        result: taskDetail(store, store.findTask(tenant.enterpriseId, q.callJobId)),
      }),
    }),
    defineOperation({
      method: "POST",
      path: "/gateway/calljob_status_list",
      readOnly: true,
      params: CallJobStatusListRequest,
      handle: ({ tenant }, q) => ({
        result: { list: jobStatuses(store, tenant, q.callJobIdList) },
      }),
    }),
    defineOperation({
      method: "POST",
      path: "/gateway/call_done_list",
      readOnly: true,
      params: CallDoneListRequest,
      handle: ({ tenant }, q) => ({ result: listDoneCalls(store, tenant, q) }),
    }),
    defineOperation({
      method: "POST",
      path: "/gateway/call_not_start_list",
      readOnly: true,
      params: CallNotStartListRequest,
      handle: ({ tenant }, q) => ({ result: listNotStarted(store, tenant, q) }),
    }),
    defineOperation({
      method: "POST",
      path: "/gateway/call_detail",
      readOnly: true,
      params: CallDetailRequest,
      handle: ({ tenant }, q) => ({
        result: callDetail(store, store.findCall(tenant.enterpriseId, q.callInstanceId)),
      }),
    }),
  ];
}
