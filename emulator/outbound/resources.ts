/** Scripts (robots) and lines as robot_list and phone_list show them (spec 2.3, UserPhoneNumberVO). */
import type { Line, Script } from "./schemas.ts";

export const scriptEntry = (s: Script) => ({
  robotDefId: s.robotDefId,
  robotName: s.robotName,
  industryOneName: s.industryOneName,
  industryTwoName: s.industryTwoName,
  robotStatus: s.robotStatus,
  deployTime: s.deployTime,
});

export const lineEntry = (l: Line) => ({
  userPhoneId: l.userPhoneId,
  phone: l.phone,
  phoneName: l.phoneName,
  phoneType: l.phoneType,
  sceneType: l.sceneType,
});
