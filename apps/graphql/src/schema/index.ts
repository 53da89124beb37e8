import { builder } from "../builder.js";
import "./health.js";

export const schema = builder.toSchema();
