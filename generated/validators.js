// generated from spec/openapi.yaml by npm run generate — do not edit
// ajv-formats and ajv/dist/runtime/* are CommonJS: their default import is `module.exports`.
import ajvFormats from "ajv-formats/dist/formats.js";
import ajvRuntime_ucs2length from "ajv/dist/runtime/ucs2length.js";
import ajvRuntime_equal from "ajv/dist/runtime/equal.js";
export const validateAlignment = validate21;
const schema32 = {"description":"Text alignment.","type":"string","enum":["left","center","right","justify"]};

function validate21(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate21.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data !== "string"){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(!((((data === "left") || (data === "center")) || (data === "right")) || (data === "justify"))){
const err1 = {instancePath,schemaPath:"#/enum",keyword:"enum",params:{allowedValues: schema32.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate21.errors = vErrors;
return errors === 0;
}
validate21.evaluated = {"dynamicProps":false,"dynamicItems":false};

export const validateApiKey = validate22;
const schema33 = {"description":"An API key, without its secret value.","type":"object","additionalProperties":false,"required":["id","object","project_id","name","prefix","created_at","revoked_at"],"properties":{"id":{"$ref":"#/$defs/ApiKeyId"},"object":{"const":"api_key"},"project_id":{"$ref":"#/$defs/ProjectId"},"name":{"description":"The label given; null when none.","type":["string","null"]},"prefix":{"description":"First 12 characters of the key, to recognise it.","type":"string","minLength":12,"maxLength":12,"pattern":"^ak_(eu|us)_"},"created_at":{"description":"When the key was created.","type":"string","format":"date-time"},"revoked_at":{"description":"When the key was revoked; null while active.","type":["string","null"],"format":"date-time"}}};
const schema34 = {"description":"API key id (not the key itself).","type":"string","pattern":"^key_[0-9A-HJKMNP-TV-Z]{26}$"};
const schema35 = {"description":"Project id.","type":"string","pattern":"^prj_[0-9A-HJKMNP-TV-Z]{26}$"};
const pattern4 = new RegExp("^key_[0-9A-HJKMNP-TV-Z]{26}$", "u");
const pattern5 = new RegExp("^prj_[0-9A-HJKMNP-TV-Z]{26}$", "u");
const pattern6 = new RegExp("^ak_(eu|us)_", "u");
const func1 = ajvRuntime_ucs2length.default;
const formats0 = ajvFormats.fullFormats["date-time"];

function validate22(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate22.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.object === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "object"},message:"must have required property '"+"object"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.project_id === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "project_id"},message:"must have required property '"+"project_id"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.name === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.prefix === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "prefix"},message:"must have required property '"+"prefix"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.created_at === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "created_at"},message:"must have required property '"+"created_at"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.revoked_at === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "revoked_at"},message:"must have required property '"+"revoked_at"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
for(const key0 in data){
if(!(((((((key0 === "id") || (key0 === "object")) || (key0 === "project_id")) || (key0 === "name")) || (key0 === "prefix")) || (key0 === "created_at")) || (key0 === "revoked_at"))){
const err7 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(!pattern4.test(data0)){
const err8 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/ApiKeyId/pattern",keyword:"pattern",params:{pattern: "^key_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^key_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/ApiKeyId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.object !== undefined){
if("api_key" !== data.object){
const err10 = {instancePath:instancePath+"/object",schemaPath:"#/properties/object/const",keyword:"const",params:{allowedValue: "api_key"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.project_id !== undefined){
let data2 = data.project_id;
if(typeof data2 === "string"){
if(!pattern5.test(data2)){
const err11 = {instancePath:instancePath+"/project_id",schemaPath:"#/$defs/ProjectId/pattern",keyword:"pattern",params:{pattern: "^prj_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^prj_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/project_id",schemaPath:"#/$defs/ProjectId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.name !== undefined){
let data3 = data.name;
if((typeof data3 !== "string") && (data3 !== null)){
const err13 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: schema33.properties.name.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.prefix !== undefined){
let data4 = data.prefix;
if(typeof data4 === "string"){
if(func1(data4) > 12){
const err14 = {instancePath:instancePath+"/prefix",schemaPath:"#/properties/prefix/maxLength",keyword:"maxLength",params:{limit: 12},message:"must NOT have more than 12 characters"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(func1(data4) < 12){
const err15 = {instancePath:instancePath+"/prefix",schemaPath:"#/properties/prefix/minLength",keyword:"minLength",params:{limit: 12},message:"must NOT have fewer than 12 characters"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(!pattern6.test(data4)){
const err16 = {instancePath:instancePath+"/prefix",schemaPath:"#/properties/prefix/pattern",keyword:"pattern",params:{pattern: "^ak_(eu|us)_"},message:"must match pattern \""+"^ak_(eu|us)_"+"\""};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/prefix",schemaPath:"#/properties/prefix/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.created_at !== undefined){
let data5 = data.created_at;
if(typeof data5 === "string"){
if(!(formats0.validate(data5))){
const err18 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.revoked_at !== undefined){
let data6 = data.revoked_at;
if((typeof data6 !== "string") && (data6 !== null)){
const err20 = {instancePath:instancePath+"/revoked_at",schemaPath:"#/properties/revoked_at/type",keyword:"type",params:{type: schema33.properties.revoked_at.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(typeof data6 === "string"){
if(!(formats0.validate(data6))){
const err21 = {instancePath:instancePath+"/revoked_at",schemaPath:"#/properties/revoked_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
}
else {
const err22 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
validate22.errors = vErrors;
return errors === 0;
}
validate22.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateApiKeyCreated = validate23;
const schema36 = {"description":"A new API key, with its secret value (shown only this once).","type":"object","additionalProperties":false,"required":["id","object","project_id","name","prefix","created_at","revoked_at","key"],"properties":{"id":{"$ref":"#/$defs/ApiKeyId"},"object":{"const":"api_key"},"project_id":{"$ref":"#/$defs/ProjectId"},"name":{"description":"The label given; null when none.","type":["string","null"]},"prefix":{"description":"First 12 characters of the key.","type":"string","minLength":12,"maxLength":12,"pattern":"^ak_(eu|us)_"},"created_at":{"description":"When the key was created.","type":"string","format":"date-time"},"revoked_at":{"description":"Always null for a new key.","type":"null"},"key":{"description":"The key to send as `Authorization: Bearer <key>`; starts with the project's region.","type":"string","pattern":"^ak_(eu|us)_"}}};

function validate23(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate23.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.object === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "object"},message:"must have required property '"+"object"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.project_id === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "project_id"},message:"must have required property '"+"project_id"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.name === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.prefix === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "prefix"},message:"must have required property '"+"prefix"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.created_at === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "created_at"},message:"must have required property '"+"created_at"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.revoked_at === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "revoked_at"},message:"must have required property '"+"revoked_at"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.key === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "key"},message:"must have required property '"+"key"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
for(const key0 in data){
if(!((((((((key0 === "id") || (key0 === "object")) || (key0 === "project_id")) || (key0 === "name")) || (key0 === "prefix")) || (key0 === "created_at")) || (key0 === "revoked_at")) || (key0 === "key"))){
const err8 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(!pattern4.test(data0)){
const err9 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/ApiKeyId/pattern",keyword:"pattern",params:{pattern: "^key_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^key_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/ApiKeyId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.object !== undefined){
if("api_key" !== data.object){
const err11 = {instancePath:instancePath+"/object",schemaPath:"#/properties/object/const",keyword:"const",params:{allowedValue: "api_key"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.project_id !== undefined){
let data2 = data.project_id;
if(typeof data2 === "string"){
if(!pattern5.test(data2)){
const err12 = {instancePath:instancePath+"/project_id",schemaPath:"#/$defs/ProjectId/pattern",keyword:"pattern",params:{pattern: "^prj_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^prj_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/project_id",schemaPath:"#/$defs/ProjectId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.name !== undefined){
let data3 = data.name;
if((typeof data3 !== "string") && (data3 !== null)){
const err14 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: schema36.properties.name.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.prefix !== undefined){
let data4 = data.prefix;
if(typeof data4 === "string"){
if(func1(data4) > 12){
const err15 = {instancePath:instancePath+"/prefix",schemaPath:"#/properties/prefix/maxLength",keyword:"maxLength",params:{limit: 12},message:"must NOT have more than 12 characters"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(func1(data4) < 12){
const err16 = {instancePath:instancePath+"/prefix",schemaPath:"#/properties/prefix/minLength",keyword:"minLength",params:{limit: 12},message:"must NOT have fewer than 12 characters"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(!pattern6.test(data4)){
const err17 = {instancePath:instancePath+"/prefix",schemaPath:"#/properties/prefix/pattern",keyword:"pattern",params:{pattern: "^ak_(eu|us)_"},message:"must match pattern \""+"^ak_(eu|us)_"+"\""};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/prefix",schemaPath:"#/properties/prefix/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.created_at !== undefined){
let data5 = data.created_at;
if(typeof data5 === "string"){
if(!(formats0.validate(data5))){
const err19 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.revoked_at !== undefined){
if(data.revoked_at !== null){
const err21 = {instancePath:instancePath+"/revoked_at",schemaPath:"#/properties/revoked_at/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.key !== undefined){
let data7 = data.key;
if(typeof data7 === "string"){
if(!pattern6.test(data7)){
const err22 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/pattern",keyword:"pattern",params:{pattern: "^ak_(eu|us)_"},message:"must match pattern \""+"^ak_(eu|us)_"+"\""};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
else {
const err23 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
else {
const err24 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
validate23.errors = vErrors;
return errors === 0;
}
validate23.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateApiKeyId = validate24;

function validate24(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate24.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data === "string"){
if(!pattern4.test(data)){
const err0 = {instancePath,schemaPath:"#/pattern",keyword:"pattern",params:{pattern: "^key_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^key_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate24.errors = vErrors;
return errors === 0;
}
validate24.evaluated = {"dynamicProps":false,"dynamicItems":false};

export const validateApiKeyList = validate25;
const schema40 = {"description":"A page of API keys, most recent first.","type":"object","additionalProperties":false,"required":["object","data","has_more","next_cursor"],"properties":{"object":{"const":"list"},"data":{"type":"array","items":{"$ref":"#/$defs/ApiKey"}},"has_more":{"description":"Whether another page follows.","type":"boolean"},"next_cursor":{"description":"Pass as `cursor` for the next page; null on the last page.","type":["string","null"]}}};

function validate25(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate25.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.object === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "object"},message:"must have required property '"+"object"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.data === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "data"},message:"must have required property '"+"data"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.has_more === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "has_more"},message:"must have required property '"+"has_more"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.next_cursor === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "next_cursor"},message:"must have required property '"+"next_cursor"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!((((key0 === "object") || (key0 === "data")) || (key0 === "has_more")) || (key0 === "next_cursor"))){
const err4 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.object !== undefined){
if("list" !== data.object){
const err5 = {instancePath:instancePath+"/object",schemaPath:"#/properties/object/const",keyword:"const",params:{allowedValue: "list"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.data !== undefined){
let data1 = data.data;
if(Array.isArray(data1)){
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
if(!(validate22(data1[i0], {instancePath:instancePath+"/data/" + i0,parentData:data1,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate22.errors : vErrors.concat(validate22.errors);
errors = vErrors.length;
}
}
}
else {
const err6 = {instancePath:instancePath+"/data",schemaPath:"#/properties/data/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.has_more !== undefined){
if(typeof data.has_more !== "boolean"){
const err7 = {instancePath:instancePath+"/has_more",schemaPath:"#/properties/has_more/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.next_cursor !== undefined){
let data4 = data.next_cursor;
if((typeof data4 !== "string") && (data4 !== null)){
const err8 = {instancePath:instancePath+"/next_cursor",schemaPath:"#/properties/next_cursor/type",keyword:"type",params:{type: schema40.properties.next_cursor.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
else {
const err9 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
validate25.errors = vErrors;
return errors === 0;
}
validate25.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateArtifactRecord = validate27;
const schema41 = {"description":"One stored record (up to 16 KB of JSON).","type":"object","additionalProperties":false,"required":["key","data","updated_at"],"properties":{"key":{"$ref":"#/$defs/DataName"},"data":{"description":"The stored JSON value, as the page set it."},"updated_at":{"description":"When the record was last written.","type":"string","format":"date-time"}}};
const schema42 = {"description":"Name of an artifact collection or record key; letters, digits, `_`, `-`, `.`, up to 64 characters.","type":"string","pattern":"^[A-Za-z0-9_.-]{1,64}$"};
const pattern12 = new RegExp("^[A-Za-z0-9_.-]{1,64}$", "u");

function validate27(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate27.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.key === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "key"},message:"must have required property '"+"key"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.data === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "data"},message:"must have required property '"+"data"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.updated_at === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "updated_at"},message:"must have required property '"+"updated_at"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "key") || (key0 === "data")) || (key0 === "updated_at"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.key !== undefined){
let data0 = data.key;
if(typeof data0 === "string"){
if(!pattern12.test(data0)){
const err4 = {instancePath:instancePath+"/key",schemaPath:"#/$defs/DataName/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9_.-]{1,64}$"},message:"must match pattern \""+"^[A-Za-z0-9_.-]{1,64}$"+"\""};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/key",schemaPath:"#/$defs/DataName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.updated_at !== undefined){
let data1 = data.updated_at;
if(typeof data1 === "string"){
if(!(formats0.validate(data1))){
const err6 = {instancePath:instancePath+"/updated_at",schemaPath:"#/properties/updated_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/updated_at",schemaPath:"#/properties/updated_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate27.errors = vErrors;
return errors === 0;
}
validate27.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateArtifactSettings = validate28;
const schema43 = {"description":"Artifact options.","type":"object","additionalProperties":false,"required":["storage"],"properties":{"storage":{"$ref":"#/$defs/ArtifactStorage"}}};
const schema44 = {"description":"`shared`: data kept in the service, visible to everyone with the link and readable through the\ndata endpoints. `local`: data kept in each visitor's browser; the service never receives it.\n","type":"string","enum":["local","shared"]};

function validate28(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate28.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.storage === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "storage"},message:"must have required property '"+"storage"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(key0 === "storage")){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.storage !== undefined){
let data0 = data.storage;
if(typeof data0 !== "string"){
const err2 = {instancePath:instancePath+"/storage",schemaPath:"#/$defs/ArtifactStorage/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(!((data0 === "local") || (data0 === "shared"))){
const err3 = {instancePath:instancePath+"/storage",schemaPath:"#/$defs/ArtifactStorage/enum",keyword:"enum",params:{allowedValues: schema44.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate28.errors = vErrors;
return errors === 0;
}
validate28.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateArtifactStorage = validate29;

function validate29(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate29.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data !== "string"){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(!((data === "local") || (data === "shared"))){
const err1 = {instancePath,schemaPath:"#/enum",keyword:"enum",params:{allowedValues: schema44.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate29.errors = vErrors;
return errors === 0;
}
validate29.evaluated = {"dynamicProps":false,"dynamicItems":false};

export const validateCollectionList = validate30;
const schema46 = {"description":"The collections of a shared artifact.","type":"object","additionalProperties":false,"required":["object","data"],"properties":{"object":{"const":"list"},"data":{"type":"array","items":{"$ref":"#/$defs/CollectionSummary"}}}};
const schema47 = {"description":"One collection of a shared artifact.","type":"object","additionalProperties":false,"required":["collection","records"],"properties":{"collection":{"$ref":"#/$defs/DataName"},"records":{"description":"Number of records.","type":"integer","minimum":0}}};

function validate31(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate31.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.collection === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "collection"},message:"must have required property '"+"collection"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.records === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "records"},message:"must have required property '"+"records"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "collection") || (key0 === "records"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.collection !== undefined){
let data0 = data.collection;
if(typeof data0 === "string"){
if(!pattern12.test(data0)){
const err3 = {instancePath:instancePath+"/collection",schemaPath:"#/$defs/DataName/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9_.-]{1,64}$"},message:"must match pattern \""+"^[A-Za-z0-9_.-]{1,64}$"+"\""};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/collection",schemaPath:"#/$defs/DataName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.records !== undefined){
let data1 = data.records;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err5 = {instancePath:instancePath+"/records",schemaPath:"#/properties/records/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 0 || isNaN(data1)){
const err6 = {instancePath:instancePath+"/records",schemaPath:"#/properties/records/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
}
else {
const err7 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
validate31.errors = vErrors;
return errors === 0;
}
validate31.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate30(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate30.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.object === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "object"},message:"must have required property '"+"object"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.data === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "data"},message:"must have required property '"+"data"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "object") || (key0 === "data"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.object !== undefined){
if("list" !== data.object){
const err3 = {instancePath:instancePath+"/object",schemaPath:"#/properties/object/const",keyword:"const",params:{allowedValue: "list"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.data !== undefined){
let data1 = data.data;
if(Array.isArray(data1)){
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
if(!(validate31(data1[i0], {instancePath:instancePath+"/data/" + i0,parentData:data1,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate31.errors : vErrors.concat(validate31.errors);
errors = vErrors.length;
}
}
}
else {
const err4 = {instancePath:instancePath+"/data",schemaPath:"#/properties/data/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
}
else {
const err5 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
validate30.errors = vErrors;
return errors === 0;
}
validate30.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateCollectionSummary = validate33;

function validate33(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate33.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.collection === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "collection"},message:"must have required property '"+"collection"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.records === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "records"},message:"must have required property '"+"records"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "collection") || (key0 === "records"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.collection !== undefined){
let data0 = data.collection;
if(typeof data0 === "string"){
if(!pattern12.test(data0)){
const err3 = {instancePath:instancePath+"/collection",schemaPath:"#/$defs/DataName/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9_.-]{1,64}$"},message:"must match pattern \""+"^[A-Za-z0-9_.-]{1,64}$"+"\""};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/collection",schemaPath:"#/$defs/DataName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.records !== undefined){
let data1 = data.records;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err5 = {instancePath:instancePath+"/records",schemaPath:"#/properties/records/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 0 || isNaN(data1)){
const err6 = {instancePath:instancePath+"/records",schemaPath:"#/properties/records/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
}
else {
const err7 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
validate33.errors = vErrors;
return errors === 0;
}
validate33.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateCreateApiKeyRequest = validate34;
const schema51 = {"description":"Body of `POST /api-keys`.","type":"object","additionalProperties":false,"properties":{"project_id":{"$ref":"#/$defs/ProjectId","description":"Project of the key; the first project of the session's organization when absent."},"name":{"description":"A label for the key.","type":"string","minLength":1,"maxLength":100}}};

function validate34(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate34.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((key0 === "project_id") || (key0 === "name"))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.project_id !== undefined){
let data0 = data.project_id;
if(typeof data0 === "string"){
if(!pattern5.test(data0)){
const err1 = {instancePath:instancePath+"/project_id",schemaPath:"#/$defs/ProjectId/pattern",keyword:"pattern",params:{pattern: "^prj_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^prj_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
else {
const err2 = {instancePath:instancePath+"/project_id",schemaPath:"#/$defs/ProjectId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(func1(data1) > 100){
const err3 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(func1(data1) < 1){
const err4 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
validate34.errors = vErrors;
return errors === 0;
}
validate34.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateCreateDocumentAccepted = validate35;
const schema53 = {"description":"A `202` answer of `POST /documents`: the unfinished `Document`, or an `ExtractionPending` for `operation: extract`.","oneOf":[{"$ref":"#/$defs/Document"},{"$ref":"#/$defs/ExtractionPending"}]};
const schema54 = {"description":"A document made by create, review, edit or extract (or saved by hand as a version). All fields\nare always present except `outputs`, present once the document has finished.\n","type":"object","additionalProperties":false,"required":["id","object","name","operation","format","type","mode","sector","parent_id","status","phase","pages","style_applied","style_unsupported","validation_summary","repair_summary","error","versions","metadata","store","retention","expires_at","route","quality","artifact","content_deleted_at","created_at","completed_at"],"properties":{"id":{"$ref":"#/$defs/DocumentId"},"object":{"description":"Always `document`.","const":"document"},"name":{"description":"The name given at creation; names downloaded files.","type":["string","null"],"minLength":1,"maxLength":200},"operation":{"$ref":"#/$defs/Operation"},"format":{"description":"Output format; null until inferred.","anyOf":[{"$ref":"#/$defs/Format"},{"type":"null"}]},"type":{"description":"Kind of document chosen by the service; null until decided.","anyOf":[{"$ref":"#/$defs/DocumentType"},{"type":"null"}]},"mode":{"description":"Where the text came from; null for review and extract.","anyOf":[{"$ref":"#/$defs/DocumentMode"},{"type":"null"}]},"sector":{"description":"Professional sector recognised in the request (e.g. `legal`, `finance`); null when none.","type":["string","null"]},"parent_id":{"description":"The document this version was edited from; null for an original.","type":["string","null"],"pattern":"^doc_[0-9A-HJKMNP-TV-Z]{26}$"},"status":{"$ref":"#/$defs/DocumentStatus"},"phase":{"description":"Free-text phase of an unfinished document (e.g. `rendering`); null when finished.","type":["string","null"]},"pages":{"description":"Pages (slides for PowerPoint, sheets for Excel) of the result; null until known.","type":["integer","null"],"minimum":0},"style_applied":{"description":"The look applied (for an artifact, its font and colours); null until laid out, and for reviews.","anyOf":[{"$ref":"#/$defs/StyleApplied"},{"type":"null"}]},"style_unsupported":{"description":"Parts of `style` that could not be done; they do not fail the document. A font asked for that is not installed where the files are laid out, and has no metric-compatible face there (Carlito for Calibri, Caladea for Cambria, Liberation for Arial, Helvetica, Times New Roman and Courier New), is listed with the font used instead (`font Garamond: not installed here; Times New Roman used instead …`), and `style_applied.font` names the font used.","type":"array","items":{"type":"string"}},"validation_summary":{"description":"Issues left, by severity; null until checked.","anyOf":[{"$ref":"#/$defs/ValidationSummary"},{"type":"null"}]},"repair_summary":{"description":"What repairs did; null when no repair ran.","anyOf":[{"$ref":"#/$defs/RepairSummary"},{"type":"null"}]},"error":{"description":"Why the document failed; null unless `status` is `failed`.","anyOf":[{"$ref":"#/$defs/DocumentFailure"},{"type":"null"}]},"versions":{"$ref":"#/$defs/Versions"},"metadata":{"$ref":"#/$defs/Metadata"},"store":{"description":"`false`: content is deleted 15 minutes after finishing (same as `retention: none`).","type":"boolean"},"retention":{"$ref":"#/$defs/Retention"},"expires_at":{"description":"When content is deleted; set once finished, from `retention`.","type":["string","null"],"format":"date-time"},"route":{"description":"The generation path; null until chosen, and when no generation happens.","anyOf":[{"$ref":"#/$defs/Route"},{"type":"null"}]},"quality":{"description":"Requested and decided quality; null for review and extract.","anyOf":[{"$ref":"#/$defs/DocumentQuality"},{"type":"null"}]},"artifact":{"description":"Artifact options; null unless `format` is `artifact`.","anyOf":[{"$ref":"#/$defs/ArtifactSettings"},{"type":"null"}]},"content_deleted_at":{"description":"When content was deleted (retention ended, or deleted by request); null while kept.","type":["string","null"],"format":"date-time"},"outputs":{"description":"The delivered files with download links; present once finished.","type":"array","items":{"$ref":"#/$defs/Output"}},"created_at":{"description":"When the document was created.","type":"string","format":"date-time"},"completed_at":{"description":"When the document finished; null until then.","type":["string","null"],"format":"date-time"}}};
const schema55 = {"description":"Document id (also the id of an extraction).","type":"string","pattern":"^doc_[0-9A-HJKMNP-TV-Z]{26}$","examples":["doc_01JD2Q4W6X8Y0Z1A2B3C4D5E6F"]};
const schema56 = {"description":"What the request does: `create` a new document, `review` a file (check and repair structure,\nnever text or values), `edit` a file as the prompt asks, `extract` a file into Markdown.\n","type":"string","enum":["create","review","edit","extract"]};
const schema57 = {"description":"Output format. `docx`: Word file and a PDF; `pdf`: PDF only; `pptx`: PowerPoint (16:9) and a\nPDF; `xlsx`: Excel (real formulas) and a PDF; `artifact`: one self-contained HTML page that keeps data.\n","type":"string","enum":["docx","pdf","pptx","xlsx","artifact"]};
const schema58 = {"description":"Kind of document, chosen by the service (`report` when in doubt).","type":"string","enum":["report","letter","contract","memo","minutes","presentation","spreadsheet","artifact"]};
const schema59 = {"description":"Where the text came from: `prompt` (a model wrote it), `content` (the caller's Markdown),\n`manual` (a version edited by hand, saved through `POST /documents/{document_id}/versions`).\n","type":"string","enum":["prompt","content","manual"]};
const schema60 = {"description":"`queued` and `running` are unfinished. `ready`: done. `ready_with_warnings` and\n`needs_review`: done, read the report. `failed`: ended with `error` set, not charged.\n`canceled`: canceled before finishing.\n","type":"string","enum":["queued","running","ready","ready_with_warnings","needs_review","failed","canceled"]};
const schema65 = {"description":"Counts of the issues left in the document, by severity.","type":"object","additionalProperties":false,"required":["errors","warnings","info"],"properties":{"errors":{"description":"Issues of severity `error`.","type":"integer","minimum":0},"warnings":{"description":"Issues of severity `warning`.","type":"integer","minimum":0},"info":{"description":"Issues of severity `info`.","type":"integer","minimum":0}}};
const schema66 = {"description":"What the repair loop did.","type":"object","additionalProperties":false,"required":["iterations","applied","rejected"],"properties":{"iterations":{"description":"Repair iterations run.","type":"integer","minimum":0},"applied":{"description":"Repairs kept.","type":"integer","minimum":0},"rejected":{"description":"Repairs tried and undone (they did not reduce the issues, or failed).","type":"integer","minimum":0}}};
const schema69 = {"description":"Versions of what produced the document.","type":"object","additionalProperties":false,"required":["engine","renderer","model"],"properties":{"engine":{"description":"Version of the service's engine.","type":"string"},"renderer":{"description":"Version of the renderer (office suite, PDF or browser engine) used.","type":"string"},"model":{"description":"Model that wrote or judged text; null when no model was used.","type":["string","null"]}}};
const schema70 = {"description":"The caller's own string values, returned as sent. At most 50 keys of 1 to 40 characters; values up to 500 characters.","type":"object","maxProperties":50,"propertyNames":{"minLength":1,"maxLength":40},"additionalProperties":{"type":"string","maxLength":500}};
const schema71 = {"description":"How long content (files, request, report, events, artifact page and data) is kept after the\ndocument finishes; `none` = 15 minutes. Afterwards only billing data stays (status, format,\npages, cost).\n","type":"string","enum":["none","1d","7d","30d","90d"]};
const schema72 = {"description":"The generation path the service chose.","type":"object","additionalProperties":false,"required":["path","reason"],"properties":{"path":{"description":"`fast`: the AI writes the text and the service lays it out (seconds). `agent`: an AI agent\nwrites a program that builds the file, inspects the rendered pages and corrects (30 s to 2 min).\n","type":"string","enum":["fast","agent"]},"reason":{"description":"Why this path was chosen.","type":"string"}}};
const func7 = Object.prototype.hasOwnProperty;
const pattern16 = new RegExp("^doc_[0-9A-HJKMNP-TV-Z]{26}$", "u");
const schema61 = {"description":"The look actually applied to the document.","type":"object","additionalProperties":false,"required":["font","font_size","line_spacing","colors","align","margins_cm","orientation","cover_page","table_of_contents","page_numbers"],"properties":{"font":{"description":"Body font family.","type":"string"},"font_size":{"description":"Body font size in points.","type":"number","exclusiveMinimum":0},"line_spacing":{"description":"Line spacing as a multiple of single spacing.","type":"number","exclusiveMinimum":0},"colors":{"description":"Colors used (CSS colors, e.g. `#1F3864`).","type":"object","additionalProperties":false,"required":["title","headings","text","accent"],"properties":{"title":{"description":"Title color.","type":"string"},"headings":{"description":"Heading color.","type":"string"},"text":{"description":"Body text color.","type":"string"},"accent":{"description":"Accent color (rules, table headers, charts).","type":"string"}}},"align":{"description":"Alignment of the title, headings and body text.","type":"object","additionalProperties":false,"required":["title","headings","body"],"properties":{"title":{"$ref":"#/$defs/Alignment"},"headings":{"$ref":"#/$defs/Alignment"},"body":{"$ref":"#/$defs/Alignment"}}},"margins_cm":{"description":"Page margins in centimetres.","type":"number","minimum":0},"orientation":{"description":"Page orientation.","type":"string","enum":["portrait","landscape"]},"cover_page":{"description":"Whether the document has a cover page.","type":"boolean"},"table_of_contents":{"description":"Whether the document has a table of contents.","type":"boolean"},"page_numbers":{"description":"Whether pages are numbered.","type":"boolean"},"page_numbers_position":{"description":"Where the page numbers stand, when asked for somewhere else than the foot's centre (\"numeración de páginas abajo a la derecha\", \"page numbers top right\"); absent: bottom centre. A running header or footer text in the same band stands with the number (\"Borrador · 3\"). Word and PDF pages and a workbook's printed pages follow it; a deck's slide numbers keep their place in the layout.","type":"string","enum":["bottom-center","bottom-left","bottom-right","top-center","top-left","top-right"]},"header":{"description":"Running header text, when there is one.","type":"string"},"footer":{"description":"Running footer text, when there is one.","type":"string"}}};

function validate37(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate37.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.font === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "font"},message:"must have required property '"+"font"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.font_size === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "font_size"},message:"must have required property '"+"font_size"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.line_spacing === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "line_spacing"},message:"must have required property '"+"line_spacing"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.colors === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "colors"},message:"must have required property '"+"colors"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.align === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "align"},message:"must have required property '"+"align"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.margins_cm === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "margins_cm"},message:"must have required property '"+"margins_cm"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.orientation === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "orientation"},message:"must have required property '"+"orientation"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.cover_page === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "cover_page"},message:"must have required property '"+"cover_page"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.table_of_contents === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "table_of_contents"},message:"must have required property '"+"table_of_contents"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.page_numbers === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "page_numbers"},message:"must have required property '"+"page_numbers"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
for(const key0 in data){
if(!(func7.call(schema61.properties, key0))){
const err10 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.font !== undefined){
if(typeof data.font !== "string"){
const err11 = {instancePath:instancePath+"/font",schemaPath:"#/properties/font/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.font_size !== undefined){
let data1 = data.font_size;
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 <= 0 || isNaN(data1)){
const err12 = {instancePath:instancePath+"/font_size",schemaPath:"#/properties/font_size/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/font_size",schemaPath:"#/properties/font_size/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.line_spacing !== undefined){
let data2 = data.line_spacing;
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 <= 0 || isNaN(data2)){
const err14 = {instancePath:instancePath+"/line_spacing",schemaPath:"#/properties/line_spacing/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/line_spacing",schemaPath:"#/properties/line_spacing/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.colors !== undefined){
let data3 = data.colors;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.title === undefined){
const err16 = {instancePath:instancePath+"/colors",schemaPath:"#/properties/colors/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data3.headings === undefined){
const err17 = {instancePath:instancePath+"/colors",schemaPath:"#/properties/colors/required",keyword:"required",params:{missingProperty: "headings"},message:"must have required property '"+"headings"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data3.text === undefined){
const err18 = {instancePath:instancePath+"/colors",schemaPath:"#/properties/colors/required",keyword:"required",params:{missingProperty: "text"},message:"must have required property '"+"text"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(data3.accent === undefined){
const err19 = {instancePath:instancePath+"/colors",schemaPath:"#/properties/colors/required",keyword:"required",params:{missingProperty: "accent"},message:"must have required property '"+"accent"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
for(const key1 in data3){
if(!((((key1 === "title") || (key1 === "headings")) || (key1 === "text")) || (key1 === "accent"))){
const err20 = {instancePath:instancePath+"/colors",schemaPath:"#/properties/colors/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data3.title !== undefined){
if(typeof data3.title !== "string"){
const err21 = {instancePath:instancePath+"/colors/title",schemaPath:"#/properties/colors/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data3.headings !== undefined){
if(typeof data3.headings !== "string"){
const err22 = {instancePath:instancePath+"/colors/headings",schemaPath:"#/properties/colors/properties/headings/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data3.text !== undefined){
if(typeof data3.text !== "string"){
const err23 = {instancePath:instancePath+"/colors/text",schemaPath:"#/properties/colors/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data3.accent !== undefined){
if(typeof data3.accent !== "string"){
const err24 = {instancePath:instancePath+"/colors/accent",schemaPath:"#/properties/colors/properties/accent/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
else {
const err25 = {instancePath:instancePath+"/colors",schemaPath:"#/properties/colors/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.align !== undefined){
let data8 = data.align;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.title === undefined){
const err26 = {instancePath:instancePath+"/align",schemaPath:"#/properties/align/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(data8.headings === undefined){
const err27 = {instancePath:instancePath+"/align",schemaPath:"#/properties/align/required",keyword:"required",params:{missingProperty: "headings"},message:"must have required property '"+"headings"+"'"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(data8.body === undefined){
const err28 = {instancePath:instancePath+"/align",schemaPath:"#/properties/align/required",keyword:"required",params:{missingProperty: "body"},message:"must have required property '"+"body"+"'"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
for(const key2 in data8){
if(!(((key2 === "title") || (key2 === "headings")) || (key2 === "body"))){
const err29 = {instancePath:instancePath+"/align",schemaPath:"#/properties/align/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data8.title !== undefined){
let data9 = data8.title;
if(typeof data9 !== "string"){
const err30 = {instancePath:instancePath+"/align/title",schemaPath:"#/$defs/Alignment/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(!((((data9 === "left") || (data9 === "center")) || (data9 === "right")) || (data9 === "justify"))){
const err31 = {instancePath:instancePath+"/align/title",schemaPath:"#/$defs/Alignment/enum",keyword:"enum",params:{allowedValues: schema32.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data8.headings !== undefined){
let data10 = data8.headings;
if(typeof data10 !== "string"){
const err32 = {instancePath:instancePath+"/align/headings",schemaPath:"#/$defs/Alignment/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if(!((((data10 === "left") || (data10 === "center")) || (data10 === "right")) || (data10 === "justify"))){
const err33 = {instancePath:instancePath+"/align/headings",schemaPath:"#/$defs/Alignment/enum",keyword:"enum",params:{allowedValues: schema32.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data8.body !== undefined){
let data11 = data8.body;
if(typeof data11 !== "string"){
const err34 = {instancePath:instancePath+"/align/body",schemaPath:"#/$defs/Alignment/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(!((((data11 === "left") || (data11 === "center")) || (data11 === "right")) || (data11 === "justify"))){
const err35 = {instancePath:instancePath+"/align/body",schemaPath:"#/$defs/Alignment/enum",keyword:"enum",params:{allowedValues: schema32.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
}
else {
const err36 = {instancePath:instancePath+"/align",schemaPath:"#/properties/align/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data.margins_cm !== undefined){
let data12 = data.margins_cm;
if((typeof data12 == "number") && (isFinite(data12))){
if(data12 < 0 || isNaN(data12)){
const err37 = {instancePath:instancePath+"/margins_cm",schemaPath:"#/properties/margins_cm/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
else {
const err38 = {instancePath:instancePath+"/margins_cm",schemaPath:"#/properties/margins_cm/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data.orientation !== undefined){
let data13 = data.orientation;
if(typeof data13 !== "string"){
const err39 = {instancePath:instancePath+"/orientation",schemaPath:"#/properties/orientation/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if(!((data13 === "portrait") || (data13 === "landscape"))){
const err40 = {instancePath:instancePath+"/orientation",schemaPath:"#/properties/orientation/enum",keyword:"enum",params:{allowedValues: schema61.properties.orientation.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data.cover_page !== undefined){
if(typeof data.cover_page !== "boolean"){
const err41 = {instancePath:instancePath+"/cover_page",schemaPath:"#/properties/cover_page/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data.table_of_contents !== undefined){
if(typeof data.table_of_contents !== "boolean"){
const err42 = {instancePath:instancePath+"/table_of_contents",schemaPath:"#/properties/table_of_contents/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data.page_numbers !== undefined){
if(typeof data.page_numbers !== "boolean"){
const err43 = {instancePath:instancePath+"/page_numbers",schemaPath:"#/properties/page_numbers/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data.page_numbers_position !== undefined){
let data17 = data.page_numbers_position;
if(typeof data17 !== "string"){
const err44 = {instancePath:instancePath+"/page_numbers_position",schemaPath:"#/properties/page_numbers_position/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if(!((((((data17 === "bottom-center") || (data17 === "bottom-left")) || (data17 === "bottom-right")) || (data17 === "top-center")) || (data17 === "top-left")) || (data17 === "top-right"))){
const err45 = {instancePath:instancePath+"/page_numbers_position",schemaPath:"#/properties/page_numbers_position/enum",keyword:"enum",params:{allowedValues: schema61.properties.page_numbers_position.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
if(data.header !== undefined){
if(typeof data.header !== "string"){
const err46 = {instancePath:instancePath+"/header",schemaPath:"#/properties/header/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data.footer !== undefined){
if(typeof data.footer !== "string"){
const err47 = {instancePath:instancePath+"/footer",schemaPath:"#/properties/footer/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
}
else {
const err48 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
validate37.errors = vErrors;
return errors === 0;
}
validate37.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema67 = {"description":"Why a document failed.","type":"object","additionalProperties":false,"required":["code","message"],"properties":{"code":{"$ref":"#/$defs/DocumentError"},"message":{"description":"Human-readable explanation.","type":"string"}}};
const schema68 = {"description":"`error.code` of a document that ended `failed` (never charged):\n`content_empty` nothing to show (no headings, text, lists or tables);\n`file_rejected` the opened file holds something not processed (macros, anomalous structure,\nforbidden XML, password-protected PDF), the message says which;\n`docx_invalid` not a valid Word file; `file_not_found` file deleted before processing;\n`document_too_long` too long to edit (about 50 pages); `format_unclear` no `format` and the\nprompt does not settle it; `edit_not_understood` the request could not be turned into concrete\nchanges; `edit_not_applied` none of the changes could be applied (the report says why);\n`source_unreadable` a file in `sources` could not be read; `generation_blocked` the model\ndeclined to write the document; `request_refused` harmful request; `page_too_large` artifact\npage above the maximum size; `page_too_long` artifact page too long for the model to finish;\n`processing_failed` failed after several attempts; `internal_error` server fault.\n","type":"string","enum":["content_empty","file_rejected","docx_invalid","file_not_found","document_too_long","format_unclear","edit_not_understood","edit_not_applied","source_unreadable","generation_blocked","request_refused","page_too_large","page_too_long","processing_failed","internal_error"]};

function validate39(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate39.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.code === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.message === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "code") || (key0 === "message"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
let data0 = data.code;
if(typeof data0 !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"#/$defs/DocumentError/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(!(((((((((((((((data0 === "content_empty") || (data0 === "file_rejected")) || (data0 === "docx_invalid")) || (data0 === "file_not_found")) || (data0 === "document_too_long")) || (data0 === "format_unclear")) || (data0 === "edit_not_understood")) || (data0 === "edit_not_applied")) || (data0 === "source_unreadable")) || (data0 === "generation_blocked")) || (data0 === "request_refused")) || (data0 === "page_too_large")) || (data0 === "page_too_long")) || (data0 === "processing_failed")) || (data0 === "internal_error"))){
const err4 = {instancePath:instancePath+"/code",schemaPath:"#/$defs/DocumentError/enum",keyword:"enum",params:{allowedValues: schema68.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.message !== undefined){
if(typeof data.message !== "string"){
const err5 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
validate39.errors = vErrors;
return errors === 0;
}
validate39.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema73 = {"description":"Requested and decided quality.","type":"object","additionalProperties":false,"required":["requested","level","reason"],"properties":{"requested":{"$ref":"#/$defs/Quality"},"level":{"description":"The level decided (and charged); null until decided.","anyOf":[{"$ref":"#/$defs/QualityLevel"},{"type":"null"}]},"reason":{"description":"Why this level; null until decided.","type":["string","null"]}}};
const schema74 = {"description":"Requested quality. `auto` lets the service pick the level the request needs (the cheapest when in doubt).","type":"string","enum":["auto","fast","standard","best"]};
const schema75 = {"description":"A quality level. `fast`: fast model, 25 agent steps, 1 page inspection. `standard`: writing\nmodel, 40 steps, 2 inspections, plus quality, key data and reader test. `best`: best available\nmodel, 60 steps, 4 inspections, plus quality, key data and reader test.\n","type":"string","enum":["fast","standard","best"]};

function validate41(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate41.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.requested === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "requested"},message:"must have required property '"+"requested"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.level === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "level"},message:"must have required property '"+"level"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.reason === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "reason"},message:"must have required property '"+"reason"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "requested") || (key0 === "level")) || (key0 === "reason"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.requested !== undefined){
let data0 = data.requested;
if(typeof data0 !== "string"){
const err4 = {instancePath:instancePath+"/requested",schemaPath:"#/$defs/Quality/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(!((((data0 === "auto") || (data0 === "fast")) || (data0 === "standard")) || (data0 === "best"))){
const err5 = {instancePath:instancePath+"/requested",schemaPath:"#/$defs/Quality/enum",keyword:"enum",params:{allowedValues: schema74.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.level !== undefined){
let data1 = data.level;
const _errs6 = errors;
let valid2 = false;
const _errs7 = errors;
if(typeof data1 !== "string"){
const err6 = {instancePath:instancePath+"/level",schemaPath:"#/$defs/QualityLevel/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(!(((data1 === "fast") || (data1 === "standard")) || (data1 === "best"))){
const err7 = {instancePath:instancePath+"/level",schemaPath:"#/$defs/QualityLevel/enum",keyword:"enum",params:{allowedValues: schema75.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
var _valid0 = _errs7 === errors;
valid2 = valid2 || _valid0;
const _errs10 = errors;
if(data1 !== null){
const err8 = {instancePath:instancePath+"/level",schemaPath:"#/properties/level/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
var _valid0 = _errs10 === errors;
valid2 = valid2 || _valid0;
if(!valid2){
const err9 = {instancePath:instancePath+"/level",schemaPath:"#/properties/level/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
else {
errors = _errs6;
if(vErrors !== null){
if(_errs6){
vErrors.length = _errs6;
}
else {
vErrors = null;
}
}
}
}
if(data.reason !== undefined){
let data2 = data.reason;
if((typeof data2 !== "string") && (data2 !== null)){
const err10 = {instancePath:instancePath+"/reason",schemaPath:"#/properties/reason/type",keyword:"type",params:{type: schema73.properties.reason.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
else {
const err11 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
validate41.errors = vErrors;
return errors === 0;
}
validate41.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema76 = {"description":"One delivered file (or page preview) and its download link.","type":"object","additionalProperties":false,"required":["id","kind","content_type","bytes","url","expires_at"],"properties":{"id":{"$ref":"#/$defs/OutputId"},"kind":{"$ref":"#/$defs/OutputKind"},"page":{"description":"Page number of a page preview, from 1.","type":"integer","minimum":1},"content_type":{"description":"Media type of the file.","type":"string"},"bytes":{"description":"Size in bytes.","type":"integer","minimum":0},"width":{"description":"Width in pixels (previews).","type":"integer","minimum":1},"height":{"description":"Height in pixels (previews).","type":"integer","minimum":1},"url":{"description":"Signed download link, valid 5 minutes (or `expires_in`). For `html` (an artifact) the link to\nthe page on its own origin, `<scheme>://<slug>.<artifact host>/?exp=…&sig=…` (the slug is the\ndocument id's ULID in lower case), valid until the document's `expires_at` (or for\n`expires_in` seconds when asked) or until the artifact is deleted: a bad signature opens a\n404 page, an expired link or a deleted artifact a 410 page. Embed it with\n`<iframe src=\"…\" sandbox=\"allow-scripts allow-same-origin allow-forms\">`. With\n`retention: none` it downloads the page as `artifact.html`.\n","type":"string","format":"uri"},"expires_at":{"description":"When `url` stops working; null for an artifact page (it works until the document's\n`expires_at`, or for the `expires_in` asked, or until the artifact is deleted).\n","type":["string","null"],"format":"date-time"}}};
const schema77 = {"description":"Output id.","type":"string","pattern":"^out_[0-9A-HJKMNP-TV-Z]{26}$"};
const schema78 = {"description":"What an output is; `preview` is a PNG image of one page, `html` an artifact page, `md` Markdown.","type":"string","enum":["docx","pptx","xlsx","pdf","preview","html","md"]};
const pattern18 = new RegExp("^out_[0-9A-HJKMNP-TV-Z]{26}$", "u");
const formats12 = ajvFormats.fullFormats.uri;

function validate44(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate44.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.kind === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.content_type === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "content_type"},message:"must have required property '"+"content_type"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.bytes === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "bytes"},message:"must have required property '"+"bytes"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.url === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.expires_at === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "expires_at"},message:"must have required property '"+"expires_at"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
for(const key0 in data){
if(!(func7.call(schema76.properties, key0))){
const err6 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(!pattern18.test(data0)){
const err7 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/OutputId/pattern",keyword:"pattern",params:{pattern: "^out_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^out_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/OutputId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.kind !== undefined){
let data1 = data.kind;
if(typeof data1 !== "string"){
const err9 = {instancePath:instancePath+"/kind",schemaPath:"#/$defs/OutputKind/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!(((((((data1 === "docx") || (data1 === "pptx")) || (data1 === "xlsx")) || (data1 === "pdf")) || (data1 === "preview")) || (data1 === "html")) || (data1 === "md"))){
const err10 = {instancePath:instancePath+"/kind",schemaPath:"#/$defs/OutputKind/enum",keyword:"enum",params:{allowedValues: schema78.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.page !== undefined){
let data2 = data.page;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err11 = {instancePath:instancePath+"/page",schemaPath:"#/properties/page/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 < 1 || isNaN(data2)){
const err12 = {instancePath:instancePath+"/page",schemaPath:"#/properties/page/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
if(data.content_type !== undefined){
if(typeof data.content_type !== "string"){
const err13 = {instancePath:instancePath+"/content_type",schemaPath:"#/properties/content_type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.bytes !== undefined){
let data4 = data.bytes;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err14 = {instancePath:instancePath+"/bytes",schemaPath:"#/properties/bytes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 < 0 || isNaN(data4)){
const err15 = {instancePath:instancePath+"/bytes",schemaPath:"#/properties/bytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
if(data.width !== undefined){
let data5 = data.width;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err16 = {instancePath:instancePath+"/width",schemaPath:"#/properties/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 < 1 || isNaN(data5)){
const err17 = {instancePath:instancePath+"/width",schemaPath:"#/properties/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
if(data.height !== undefined){
let data6 = data.height;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
const err18 = {instancePath:instancePath+"/height",schemaPath:"#/properties/height/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 < 1 || isNaN(data6)){
const err19 = {instancePath:instancePath+"/height",schemaPath:"#/properties/height/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
if(data.url !== undefined){
let data7 = data.url;
if(typeof data7 === "string"){
if(!(formats12(data7))){
const err20 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\""};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.expires_at !== undefined){
let data8 = data.expires_at;
if((typeof data8 !== "string") && (data8 !== null)){
const err22 = {instancePath:instancePath+"/expires_at",schemaPath:"#/properties/expires_at/type",keyword:"type",params:{type: schema76.properties.expires_at.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(typeof data8 === "string"){
if(!(formats0.validate(data8))){
const err23 = {instancePath:instancePath+"/expires_at",schemaPath:"#/properties/expires_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
}
else {
const err24 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
validate44.errors = vErrors;
return errors === 0;
}
validate44.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate36(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate36.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.object === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "object"},message:"must have required property '"+"object"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.name === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.operation === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "operation"},message:"must have required property '"+"operation"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.format === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "format"},message:"must have required property '"+"format"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.type === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.mode === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "mode"},message:"must have required property '"+"mode"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.sector === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "sector"},message:"must have required property '"+"sector"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.parent_id === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "parent_id"},message:"must have required property '"+"parent_id"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.status === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.phase === undefined){
const err10 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "phase"},message:"must have required property '"+"phase"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data.pages === undefined){
const err11 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "pages"},message:"must have required property '"+"pages"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data.style_applied === undefined){
const err12 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "style_applied"},message:"must have required property '"+"style_applied"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data.style_unsupported === undefined){
const err13 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "style_unsupported"},message:"must have required property '"+"style_unsupported"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data.validation_summary === undefined){
const err14 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "validation_summary"},message:"must have required property '"+"validation_summary"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data.repair_summary === undefined){
const err15 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "repair_summary"},message:"must have required property '"+"repair_summary"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data.error === undefined){
const err16 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data.versions === undefined){
const err17 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "versions"},message:"must have required property '"+"versions"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data.metadata === undefined){
const err18 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "metadata"},message:"must have required property '"+"metadata"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(data.store === undefined){
const err19 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "store"},message:"must have required property '"+"store"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data.retention === undefined){
const err20 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "retention"},message:"must have required property '"+"retention"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data.expires_at === undefined){
const err21 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "expires_at"},message:"must have required property '"+"expires_at"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data.route === undefined){
const err22 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "route"},message:"must have required property '"+"route"+"'"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(data.quality === undefined){
const err23 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "quality"},message:"must have required property '"+"quality"+"'"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data.artifact === undefined){
const err24 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "artifact"},message:"must have required property '"+"artifact"+"'"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data.content_deleted_at === undefined){
const err25 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "content_deleted_at"},message:"must have required property '"+"content_deleted_at"+"'"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(data.created_at === undefined){
const err26 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "created_at"},message:"must have required property '"+"created_at"+"'"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(data.completed_at === undefined){
const err27 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "completed_at"},message:"must have required property '"+"completed_at"+"'"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
for(const key0 in data){
if(!(func7.call(schema54.properties, key0))){
const err28 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(!pattern16.test(data0)){
const err29 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/DocumentId/pattern",keyword:"pattern",params:{pattern: "^doc_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^doc_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
else {
const err30 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/DocumentId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data.object !== undefined){
if("document" !== data.object){
const err31 = {instancePath:instancePath+"/object",schemaPath:"#/properties/object/const",keyword:"const",params:{allowedValue: "document"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data.name !== undefined){
let data2 = data.name;
if((typeof data2 !== "string") && (data2 !== null)){
const err32 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: schema54.properties.name.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if(typeof data2 === "string"){
if(func1(data2) > 200){
const err33 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if(func1(data2) < 1){
const err34 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
if(data.operation !== undefined){
let data3 = data.operation;
if(typeof data3 !== "string"){
const err35 = {instancePath:instancePath+"/operation",schemaPath:"#/$defs/Operation/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(!((((data3 === "create") || (data3 === "review")) || (data3 === "edit")) || (data3 === "extract"))){
const err36 = {instancePath:instancePath+"/operation",schemaPath:"#/$defs/Operation/enum",keyword:"enum",params:{allowedValues: schema56.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data.format !== undefined){
let data4 = data.format;
const _errs12 = errors;
let valid3 = false;
const _errs13 = errors;
if(typeof data4 !== "string"){
const err37 = {instancePath:instancePath+"/format",schemaPath:"#/$defs/Format/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if(!(((((data4 === "docx") || (data4 === "pdf")) || (data4 === "pptx")) || (data4 === "xlsx")) || (data4 === "artifact"))){
const err38 = {instancePath:instancePath+"/format",schemaPath:"#/$defs/Format/enum",keyword:"enum",params:{allowedValues: schema57.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
var _valid0 = _errs13 === errors;
valid3 = valid3 || _valid0;
const _errs16 = errors;
if(data4 !== null){
const err39 = {instancePath:instancePath+"/format",schemaPath:"#/properties/format/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
var _valid0 = _errs16 === errors;
valid3 = valid3 || _valid0;
if(!valid3){
const err40 = {instancePath:instancePath+"/format",schemaPath:"#/properties/format/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
else {
errors = _errs12;
if(vErrors !== null){
if(_errs12){
vErrors.length = _errs12;
}
else {
vErrors = null;
}
}
}
}
if(data.type !== undefined){
let data5 = data.type;
const _errs19 = errors;
let valid5 = false;
const _errs20 = errors;
if(typeof data5 !== "string"){
const err41 = {instancePath:instancePath+"/type",schemaPath:"#/$defs/DocumentType/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
if(!((((((((data5 === "report") || (data5 === "letter")) || (data5 === "contract")) || (data5 === "memo")) || (data5 === "minutes")) || (data5 === "presentation")) || (data5 === "spreadsheet")) || (data5 === "artifact"))){
const err42 = {instancePath:instancePath+"/type",schemaPath:"#/$defs/DocumentType/enum",keyword:"enum",params:{allowedValues: schema58.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
var _valid1 = _errs20 === errors;
valid5 = valid5 || _valid1;
const _errs23 = errors;
if(data5 !== null){
const err43 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
var _valid1 = _errs23 === errors;
valid5 = valid5 || _valid1;
if(!valid5){
const err44 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
else {
errors = _errs19;
if(vErrors !== null){
if(_errs19){
vErrors.length = _errs19;
}
else {
vErrors = null;
}
}
}
}
if(data.mode !== undefined){
let data6 = data.mode;
const _errs26 = errors;
let valid7 = false;
const _errs27 = errors;
if(typeof data6 !== "string"){
const err45 = {instancePath:instancePath+"/mode",schemaPath:"#/$defs/DocumentMode/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if(!(((data6 === "prompt") || (data6 === "content")) || (data6 === "manual"))){
const err46 = {instancePath:instancePath+"/mode",schemaPath:"#/$defs/DocumentMode/enum",keyword:"enum",params:{allowedValues: schema59.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
var _valid2 = _errs27 === errors;
valid7 = valid7 || _valid2;
const _errs30 = errors;
if(data6 !== null){
const err47 = {instancePath:instancePath+"/mode",schemaPath:"#/properties/mode/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
var _valid2 = _errs30 === errors;
valid7 = valid7 || _valid2;
if(!valid7){
const err48 = {instancePath:instancePath+"/mode",schemaPath:"#/properties/mode/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
else {
errors = _errs26;
if(vErrors !== null){
if(_errs26){
vErrors.length = _errs26;
}
else {
vErrors = null;
}
}
}
}
if(data.sector !== undefined){
let data7 = data.sector;
if((typeof data7 !== "string") && (data7 !== null)){
const err49 = {instancePath:instancePath+"/sector",schemaPath:"#/properties/sector/type",keyword:"type",params:{type: schema54.properties.sector.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
if(data.parent_id !== undefined){
let data8 = data.parent_id;
if((typeof data8 !== "string") && (data8 !== null)){
const err50 = {instancePath:instancePath+"/parent_id",schemaPath:"#/properties/parent_id/type",keyword:"type",params:{type: schema54.properties.parent_id.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
if(typeof data8 === "string"){
if(!pattern16.test(data8)){
const err51 = {instancePath:instancePath+"/parent_id",schemaPath:"#/properties/parent_id/pattern",keyword:"pattern",params:{pattern: "^doc_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^doc_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
}
if(data.status !== undefined){
let data9 = data.status;
if(typeof data9 !== "string"){
const err52 = {instancePath:instancePath+"/status",schemaPath:"#/$defs/DocumentStatus/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
if(!(((((((data9 === "queued") || (data9 === "running")) || (data9 === "ready")) || (data9 === "ready_with_warnings")) || (data9 === "needs_review")) || (data9 === "failed")) || (data9 === "canceled"))){
const err53 = {instancePath:instancePath+"/status",schemaPath:"#/$defs/DocumentStatus/enum",keyword:"enum",params:{allowedValues: schema60.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
if(data.phase !== undefined){
let data10 = data.phase;
if((typeof data10 !== "string") && (data10 !== null)){
const err54 = {instancePath:instancePath+"/phase",schemaPath:"#/properties/phase/type",keyword:"type",params:{type: schema54.properties.phase.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
if(data.pages !== undefined){
let data11 = data.pages;
if((!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))) && (data11 !== null)){
const err55 = {instancePath:instancePath+"/pages",schemaPath:"#/properties/pages/type",keyword:"type",params:{type: schema54.properties.pages.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
if((typeof data11 == "number") && (isFinite(data11))){
if(data11 < 0 || isNaN(data11)){
const err56 = {instancePath:instancePath+"/pages",schemaPath:"#/properties/pages/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
}
if(data.style_applied !== undefined){
let data12 = data.style_applied;
const _errs44 = errors;
let valid10 = false;
const _errs45 = errors;
if(!(validate37(data12, {instancePath:instancePath+"/style_applied",parentData:data,parentDataProperty:"style_applied",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate37.errors : vErrors.concat(validate37.errors);
errors = vErrors.length;
}
var _valid3 = _errs45 === errors;
valid10 = valid10 || _valid3;
const _errs46 = errors;
if(data12 !== null){
const err57 = {instancePath:instancePath+"/style_applied",schemaPath:"#/properties/style_applied/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
var _valid3 = _errs46 === errors;
valid10 = valid10 || _valid3;
if(!valid10){
const err58 = {instancePath:instancePath+"/style_applied",schemaPath:"#/properties/style_applied/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
else {
errors = _errs44;
if(vErrors !== null){
if(_errs44){
vErrors.length = _errs44;
}
else {
vErrors = null;
}
}
}
}
if(data.style_unsupported !== undefined){
let data13 = data.style_unsupported;
if(Array.isArray(data13)){
const len0 = data13.length;
for(let i0=0; i0<len0; i0++){
if(typeof data13[i0] !== "string"){
const err59 = {instancePath:instancePath+"/style_unsupported/" + i0,schemaPath:"#/properties/style_unsupported/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
}
else {
const err60 = {instancePath:instancePath+"/style_unsupported",schemaPath:"#/properties/style_unsupported/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
if(data.validation_summary !== undefined){
let data15 = data.validation_summary;
const _errs53 = errors;
let valid13 = false;
const _errs54 = errors;
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
if(data15.errors === undefined){
const err61 = {instancePath:instancePath+"/validation_summary",schemaPath:"#/$defs/ValidationSummary/required",keyword:"required",params:{missingProperty: "errors"},message:"must have required property '"+"errors"+"'"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
if(data15.warnings === undefined){
const err62 = {instancePath:instancePath+"/validation_summary",schemaPath:"#/$defs/ValidationSummary/required",keyword:"required",params:{missingProperty: "warnings"},message:"must have required property '"+"warnings"+"'"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
if(data15.info === undefined){
const err63 = {instancePath:instancePath+"/validation_summary",schemaPath:"#/$defs/ValidationSummary/required",keyword:"required",params:{missingProperty: "info"},message:"must have required property '"+"info"+"'"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
for(const key1 in data15){
if(!(((key1 === "errors") || (key1 === "warnings")) || (key1 === "info"))){
const err64 = {instancePath:instancePath+"/validation_summary",schemaPath:"#/$defs/ValidationSummary/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
if(data15.errors !== undefined){
let data16 = data15.errors;
if(!(((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16))) && (isFinite(data16)))){
const err65 = {instancePath:instancePath+"/validation_summary/errors",schemaPath:"#/$defs/ValidationSummary/properties/errors/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
if((typeof data16 == "number") && (isFinite(data16))){
if(data16 < 0 || isNaN(data16)){
const err66 = {instancePath:instancePath+"/validation_summary/errors",schemaPath:"#/$defs/ValidationSummary/properties/errors/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
}
if(data15.warnings !== undefined){
let data17 = data15.warnings;
if(!(((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17))) && (isFinite(data17)))){
const err67 = {instancePath:instancePath+"/validation_summary/warnings",schemaPath:"#/$defs/ValidationSummary/properties/warnings/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
if((typeof data17 == "number") && (isFinite(data17))){
if(data17 < 0 || isNaN(data17)){
const err68 = {instancePath:instancePath+"/validation_summary/warnings",schemaPath:"#/$defs/ValidationSummary/properties/warnings/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
}
if(data15.info !== undefined){
let data18 = data15.info;
if(!(((typeof data18 == "number") && (!(data18 % 1) && !isNaN(data18))) && (isFinite(data18)))){
const err69 = {instancePath:instancePath+"/validation_summary/info",schemaPath:"#/$defs/ValidationSummary/properties/info/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
if((typeof data18 == "number") && (isFinite(data18))){
if(data18 < 0 || isNaN(data18)){
const err70 = {instancePath:instancePath+"/validation_summary/info",schemaPath:"#/$defs/ValidationSummary/properties/info/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
}
}
else {
const err71 = {instancePath:instancePath+"/validation_summary",schemaPath:"#/$defs/ValidationSummary/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
var _valid4 = _errs54 === errors;
valid13 = valid13 || _valid4;
const _errs64 = errors;
if(data15 !== null){
const err72 = {instancePath:instancePath+"/validation_summary",schemaPath:"#/properties/validation_summary/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
var _valid4 = _errs64 === errors;
valid13 = valid13 || _valid4;
if(!valid13){
const err73 = {instancePath:instancePath+"/validation_summary",schemaPath:"#/properties/validation_summary/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
else {
errors = _errs53;
if(vErrors !== null){
if(_errs53){
vErrors.length = _errs53;
}
else {
vErrors = null;
}
}
}
}
if(data.repair_summary !== undefined){
let data19 = data.repair_summary;
const _errs67 = errors;
let valid16 = false;
const _errs68 = errors;
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
if(data19.iterations === undefined){
const err74 = {instancePath:instancePath+"/repair_summary",schemaPath:"#/$defs/RepairSummary/required",keyword:"required",params:{missingProperty: "iterations"},message:"must have required property '"+"iterations"+"'"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
if(data19.applied === undefined){
const err75 = {instancePath:instancePath+"/repair_summary",schemaPath:"#/$defs/RepairSummary/required",keyword:"required",params:{missingProperty: "applied"},message:"must have required property '"+"applied"+"'"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
if(data19.rejected === undefined){
const err76 = {instancePath:instancePath+"/repair_summary",schemaPath:"#/$defs/RepairSummary/required",keyword:"required",params:{missingProperty: "rejected"},message:"must have required property '"+"rejected"+"'"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
for(const key2 in data19){
if(!(((key2 === "iterations") || (key2 === "applied")) || (key2 === "rejected"))){
const err77 = {instancePath:instancePath+"/repair_summary",schemaPath:"#/$defs/RepairSummary/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
}
if(data19.iterations !== undefined){
let data20 = data19.iterations;
if(!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))){
const err78 = {instancePath:instancePath+"/repair_summary/iterations",schemaPath:"#/$defs/RepairSummary/properties/iterations/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 < 0 || isNaN(data20)){
const err79 = {instancePath:instancePath+"/repair_summary/iterations",schemaPath:"#/$defs/RepairSummary/properties/iterations/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
}
}
if(data19.applied !== undefined){
let data21 = data19.applied;
if(!(((typeof data21 == "number") && (!(data21 % 1) && !isNaN(data21))) && (isFinite(data21)))){
const err80 = {instancePath:instancePath+"/repair_summary/applied",schemaPath:"#/$defs/RepairSummary/properties/applied/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
if((typeof data21 == "number") && (isFinite(data21))){
if(data21 < 0 || isNaN(data21)){
const err81 = {instancePath:instancePath+"/repair_summary/applied",schemaPath:"#/$defs/RepairSummary/properties/applied/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
}
}
if(data19.rejected !== undefined){
let data22 = data19.rejected;
if(!(((typeof data22 == "number") && (!(data22 % 1) && !isNaN(data22))) && (isFinite(data22)))){
const err82 = {instancePath:instancePath+"/repair_summary/rejected",schemaPath:"#/$defs/RepairSummary/properties/rejected/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
if((typeof data22 == "number") && (isFinite(data22))){
if(data22 < 0 || isNaN(data22)){
const err83 = {instancePath:instancePath+"/repair_summary/rejected",schemaPath:"#/$defs/RepairSummary/properties/rejected/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
}
}
}
else {
const err84 = {instancePath:instancePath+"/repair_summary",schemaPath:"#/$defs/RepairSummary/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
var _valid5 = _errs68 === errors;
valid16 = valid16 || _valid5;
const _errs78 = errors;
if(data19 !== null){
const err85 = {instancePath:instancePath+"/repair_summary",schemaPath:"#/properties/repair_summary/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
var _valid5 = _errs78 === errors;
valid16 = valid16 || _valid5;
if(!valid16){
const err86 = {instancePath:instancePath+"/repair_summary",schemaPath:"#/properties/repair_summary/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
else {
errors = _errs67;
if(vErrors !== null){
if(_errs67){
vErrors.length = _errs67;
}
else {
vErrors = null;
}
}
}
}
if(data.error !== undefined){
let data23 = data.error;
const _errs81 = errors;
let valid19 = false;
const _errs82 = errors;
if(!(validate39(data23, {instancePath:instancePath+"/error",parentData:data,parentDataProperty:"error",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate39.errors : vErrors.concat(validate39.errors);
errors = vErrors.length;
}
var _valid6 = _errs82 === errors;
valid19 = valid19 || _valid6;
const _errs83 = errors;
if(data23 !== null){
const err87 = {instancePath:instancePath+"/error",schemaPath:"#/properties/error/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
var _valid6 = _errs83 === errors;
valid19 = valid19 || _valid6;
if(!valid19){
const err88 = {instancePath:instancePath+"/error",schemaPath:"#/properties/error/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
else {
errors = _errs81;
if(vErrors !== null){
if(_errs81){
vErrors.length = _errs81;
}
else {
vErrors = null;
}
}
}
}
if(data.versions !== undefined){
let data24 = data.versions;
if(data24 && typeof data24 == "object" && !Array.isArray(data24)){
if(data24.engine === undefined){
const err89 = {instancePath:instancePath+"/versions",schemaPath:"#/$defs/Versions/required",keyword:"required",params:{missingProperty: "engine"},message:"must have required property '"+"engine"+"'"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
if(data24.renderer === undefined){
const err90 = {instancePath:instancePath+"/versions",schemaPath:"#/$defs/Versions/required",keyword:"required",params:{missingProperty: "renderer"},message:"must have required property '"+"renderer"+"'"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
if(data24.model === undefined){
const err91 = {instancePath:instancePath+"/versions",schemaPath:"#/$defs/Versions/required",keyword:"required",params:{missingProperty: "model"},message:"must have required property '"+"model"+"'"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
for(const key3 in data24){
if(!(((key3 === "engine") || (key3 === "renderer")) || (key3 === "model"))){
const err92 = {instancePath:instancePath+"/versions",schemaPath:"#/$defs/Versions/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
}
if(data24.engine !== undefined){
if(typeof data24.engine !== "string"){
const err93 = {instancePath:instancePath+"/versions/engine",schemaPath:"#/$defs/Versions/properties/engine/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
}
if(data24.renderer !== undefined){
if(typeof data24.renderer !== "string"){
const err94 = {instancePath:instancePath+"/versions/renderer",schemaPath:"#/$defs/Versions/properties/renderer/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
}
if(data24.model !== undefined){
let data27 = data24.model;
if((typeof data27 !== "string") && (data27 !== null)){
const err95 = {instancePath:instancePath+"/versions/model",schemaPath:"#/$defs/Versions/properties/model/type",keyword:"type",params:{type: schema69.properties.model.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
}
}
else {
const err96 = {instancePath:instancePath+"/versions",schemaPath:"#/$defs/Versions/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
}
if(data.metadata !== undefined){
let data28 = data.metadata;
if(data28 && typeof data28 == "object" && !Array.isArray(data28)){
if(Object.keys(data28).length > 50){
const err97 = {instancePath:instancePath+"/metadata",schemaPath:"#/$defs/Metadata/maxProperties",keyword:"maxProperties",params:{limit: 50},message:"must NOT have more than 50 properties"};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
for(const key4 in data28){
const _errs98 = errors;
if(typeof key4 === "string"){
if(func1(key4) > 40){
const err98 = {instancePath:instancePath+"/metadata",schemaPath:"#/$defs/Metadata/propertyNames/maxLength",keyword:"maxLength",params:{limit: 40},message:"must NOT have more than 40 characters",propertyName:key4};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
if(func1(key4) < 1){
const err99 = {instancePath:instancePath+"/metadata",schemaPath:"#/$defs/Metadata/propertyNames/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",propertyName:key4};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
}
var valid23 = _errs98 === errors;
if(!valid23){
const err100 = {instancePath:instancePath+"/metadata",schemaPath:"#/$defs/Metadata/propertyNames",keyword:"propertyNames",params:{propertyName: key4},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
}
for(const key5 in data28){
let data29 = data28[key5];
if(typeof data29 === "string"){
if(func1(data29) > 500){
const err101 = {instancePath:instancePath+"/metadata/" + key5.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/Metadata/additionalProperties/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
}
else {
const err102 = {instancePath:instancePath+"/metadata/" + key5.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/Metadata/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
}
}
else {
const err103 = {instancePath:instancePath+"/metadata",schemaPath:"#/$defs/Metadata/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
}
}
if(data.store !== undefined){
if(typeof data.store !== "boolean"){
const err104 = {instancePath:instancePath+"/store",schemaPath:"#/properties/store/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
}
if(data.retention !== undefined){
let data31 = data.retention;
if(typeof data31 !== "string"){
const err105 = {instancePath:instancePath+"/retention",schemaPath:"#/$defs/Retention/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err105];
}
else {
vErrors.push(err105);
}
errors++;
}
if(!(((((data31 === "none") || (data31 === "1d")) || (data31 === "7d")) || (data31 === "30d")) || (data31 === "90d"))){
const err106 = {instancePath:instancePath+"/retention",schemaPath:"#/$defs/Retention/enum",keyword:"enum",params:{allowedValues: schema71.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
}
if(data.expires_at !== undefined){
let data32 = data.expires_at;
if((typeof data32 !== "string") && (data32 !== null)){
const err107 = {instancePath:instancePath+"/expires_at",schemaPath:"#/properties/expires_at/type",keyword:"type",params:{type: schema54.properties.expires_at.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
if(typeof data32 === "string"){
if(!(formats0.validate(data32))){
const err108 = {instancePath:instancePath+"/expires_at",schemaPath:"#/properties/expires_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err108];
}
else {
vErrors.push(err108);
}
errors++;
}
}
}
if(data.route !== undefined){
let data33 = data.route;
const _errs110 = errors;
let valid26 = false;
const _errs111 = errors;
if(data33 && typeof data33 == "object" && !Array.isArray(data33)){
if(data33.path === undefined){
const err109 = {instancePath:instancePath+"/route",schemaPath:"#/$defs/Route/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err109];
}
else {
vErrors.push(err109);
}
errors++;
}
if(data33.reason === undefined){
const err110 = {instancePath:instancePath+"/route",schemaPath:"#/$defs/Route/required",keyword:"required",params:{missingProperty: "reason"},message:"must have required property '"+"reason"+"'"};
if(vErrors === null){
vErrors = [err110];
}
else {
vErrors.push(err110);
}
errors++;
}
for(const key6 in data33){
if(!((key6 === "path") || (key6 === "reason"))){
const err111 = {instancePath:instancePath+"/route",schemaPath:"#/$defs/Route/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err111];
}
else {
vErrors.push(err111);
}
errors++;
}
}
if(data33.path !== undefined){
let data34 = data33.path;
if(typeof data34 !== "string"){
const err112 = {instancePath:instancePath+"/route/path",schemaPath:"#/$defs/Route/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err112];
}
else {
vErrors.push(err112);
}
errors++;
}
if(!((data34 === "fast") || (data34 === "agent"))){
const err113 = {instancePath:instancePath+"/route/path",schemaPath:"#/$defs/Route/properties/path/enum",keyword:"enum",params:{allowedValues: schema72.properties.path.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err113];
}
else {
vErrors.push(err113);
}
errors++;
}
}
if(data33.reason !== undefined){
if(typeof data33.reason !== "string"){
const err114 = {instancePath:instancePath+"/route/reason",schemaPath:"#/$defs/Route/properties/reason/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err114];
}
else {
vErrors.push(err114);
}
errors++;
}
}
}
else {
const err115 = {instancePath:instancePath+"/route",schemaPath:"#/$defs/Route/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err115];
}
else {
vErrors.push(err115);
}
errors++;
}
var _valid7 = _errs111 === errors;
valid26 = valid26 || _valid7;
const _errs119 = errors;
if(data33 !== null){
const err116 = {instancePath:instancePath+"/route",schemaPath:"#/properties/route/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err116];
}
else {
vErrors.push(err116);
}
errors++;
}
var _valid7 = _errs119 === errors;
valid26 = valid26 || _valid7;
if(!valid26){
const err117 = {instancePath:instancePath+"/route",schemaPath:"#/properties/route/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err117];
}
else {
vErrors.push(err117);
}
errors++;
}
else {
errors = _errs110;
if(vErrors !== null){
if(_errs110){
vErrors.length = _errs110;
}
else {
vErrors = null;
}
}
}
}
if(data.quality !== undefined){
let data36 = data.quality;
const _errs122 = errors;
let valid29 = false;
const _errs123 = errors;
if(!(validate41(data36, {instancePath:instancePath+"/quality",parentData:data,parentDataProperty:"quality",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate41.errors : vErrors.concat(validate41.errors);
errors = vErrors.length;
}
var _valid8 = _errs123 === errors;
valid29 = valid29 || _valid8;
const _errs124 = errors;
if(data36 !== null){
const err118 = {instancePath:instancePath+"/quality",schemaPath:"#/properties/quality/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err118];
}
else {
vErrors.push(err118);
}
errors++;
}
var _valid8 = _errs124 === errors;
valid29 = valid29 || _valid8;
if(!valid29){
const err119 = {instancePath:instancePath+"/quality",schemaPath:"#/properties/quality/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err119];
}
else {
vErrors.push(err119);
}
errors++;
}
else {
errors = _errs122;
if(vErrors !== null){
if(_errs122){
vErrors.length = _errs122;
}
else {
vErrors = null;
}
}
}
}
if(data.artifact !== undefined){
let data37 = data.artifact;
const _errs127 = errors;
let valid30 = false;
const _errs128 = errors;
if(!(validate28(data37, {instancePath:instancePath+"/artifact",parentData:data,parentDataProperty:"artifact",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate28.errors : vErrors.concat(validate28.errors);
errors = vErrors.length;
}
var _valid9 = _errs128 === errors;
valid30 = valid30 || _valid9;
const _errs129 = errors;
if(data37 !== null){
const err120 = {instancePath:instancePath+"/artifact",schemaPath:"#/properties/artifact/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err120];
}
else {
vErrors.push(err120);
}
errors++;
}
var _valid9 = _errs129 === errors;
valid30 = valid30 || _valid9;
if(!valid30){
const err121 = {instancePath:instancePath+"/artifact",schemaPath:"#/properties/artifact/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err121];
}
else {
vErrors.push(err121);
}
errors++;
}
else {
errors = _errs127;
if(vErrors !== null){
if(_errs127){
vErrors.length = _errs127;
}
else {
vErrors = null;
}
}
}
}
if(data.content_deleted_at !== undefined){
let data38 = data.content_deleted_at;
if((typeof data38 !== "string") && (data38 !== null)){
const err122 = {instancePath:instancePath+"/content_deleted_at",schemaPath:"#/properties/content_deleted_at/type",keyword:"type",params:{type: schema54.properties.content_deleted_at.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err122];
}
else {
vErrors.push(err122);
}
errors++;
}
if(typeof data38 === "string"){
if(!(formats0.validate(data38))){
const err123 = {instancePath:instancePath+"/content_deleted_at",schemaPath:"#/properties/content_deleted_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err123];
}
else {
vErrors.push(err123);
}
errors++;
}
}
}
if(data.outputs !== undefined){
let data39 = data.outputs;
if(Array.isArray(data39)){
const len1 = data39.length;
for(let i1=0; i1<len1; i1++){
if(!(validate44(data39[i1], {instancePath:instancePath+"/outputs/" + i1,parentData:data39,parentDataProperty:i1,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate44.errors : vErrors.concat(validate44.errors);
errors = vErrors.length;
}
}
}
else {
const err124 = {instancePath:instancePath+"/outputs",schemaPath:"#/properties/outputs/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err124];
}
else {
vErrors.push(err124);
}
errors++;
}
}
if(data.created_at !== undefined){
let data41 = data.created_at;
if(typeof data41 === "string"){
if(!(formats0.validate(data41))){
const err125 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err125];
}
else {
vErrors.push(err125);
}
errors++;
}
}
else {
const err126 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err126];
}
else {
vErrors.push(err126);
}
errors++;
}
}
if(data.completed_at !== undefined){
let data42 = data.completed_at;
if((typeof data42 !== "string") && (data42 !== null)){
const err127 = {instancePath:instancePath+"/completed_at",schemaPath:"#/properties/completed_at/type",keyword:"type",params:{type: schema54.properties.completed_at.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err127];
}
else {
vErrors.push(err127);
}
errors++;
}
if(typeof data42 === "string"){
if(!(formats0.validate(data42))){
const err128 = {instancePath:instancePath+"/completed_at",schemaPath:"#/properties/completed_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err128];
}
else {
vErrors.push(err128);
}
errors++;
}
}
}
}
else {
const err129 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err129];
}
else {
vErrors.push(err129);
}
errors++;
}
validate36.errors = vErrors;
return errors === 0;
}
validate36.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema79 = {"description":"An extraction still being read; collect it with `GET /extract/{id}`.","type":"object","additionalProperties":false,"required":["object","id","status"],"properties":{"object":{"const":"extraction"},"id":{"$ref":"#/$defs/DocumentId"},"status":{"description":"Always `running`.","const":"running"}}};

function validate47(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate47.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.object === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "object"},message:"must have required property '"+"object"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.id === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.status === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "object") || (key0 === "id")) || (key0 === "status"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.object !== undefined){
if("extraction" !== data.object){
const err4 = {instancePath:instancePath+"/object",schemaPath:"#/properties/object/const",keyword:"const",params:{allowedValue: "extraction"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.id !== undefined){
let data1 = data.id;
if(typeof data1 === "string"){
if(!pattern16.test(data1)){
const err5 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/DocumentId/pattern",keyword:"pattern",params:{pattern: "^doc_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^doc_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/DocumentId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.status !== undefined){
if("running" !== data.status){
const err7 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/const",keyword:"const",params:{allowedValue: "running"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate47.errors = vErrors;
return errors === 0;
}
validate47.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate35(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate35.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
let valid0 = false;
let passing0 = null;
const _errs1 = errors;
if(!(validate36(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate36.errors : vErrors.concat(validate36.errors);
errors = vErrors.length;
}
var _valid0 = _errs1 === errors;
if(_valid0){
valid0 = true;
passing0 = 0;
var props0 = true;
}
const _errs2 = errors;
if(!(validate47(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate47.errors : vErrors.concat(validate47.errors);
errors = vErrors.length;
}
var _valid0 = _errs2 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid0 = true;
passing0 = 1;
if(props0 !== true){
props0 = true;
}
}
}
if(!valid0){
const err0 = {instancePath,schemaPath:"#/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
else {
errors = _errs0;
if(vErrors !== null){
if(_errs0){
vErrors.length = _errs0;
}
else {
vErrors = null;
}
}
}
validate35.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate35.evaluated = {"dynamicProps":true,"dynamicItems":false};

export const validateCreateDocumentRequest = validate49;
const schema81 = {"description":"Body of `POST /documents`. `create` needs exactly one of `prompt` or `content`; `review`,\n`edit` and `extract` need `file`; `edit` also needs `prompt`. `style`, `quality` and\n`max_quality` are for create and edit only (422 otherwise).\n\nReview: `format` may be left out; it is read from the file (`.doc`, `.ppt`, `.xls` are\nreviewed and delivered as `docx`, `pptx`, `xlsx`). A `format` that differs from the file\ngives 422 at `/format`; a file that is not Word, PowerPoint, Excel or PDF gives 422 at\n`/file`. Base64 data is read at once, so a file to refuse (macros, password, damaged)\nanswers `422 file_rejected` before anything is created; a URL is fetched when the job\nruns, and such a file then ends the document `failed` with `file_rejected` (`docx_invalid`\nfor a damaged Word file, `file_not_found` when it cannot be had).\n","type":"object","additionalProperties":false,"properties":{"operation":{"$ref":"#/$defs/Operation","default":"create"},"name":{"description":"Names the document for later lookup and names downloaded files.","type":"string","minLength":1,"maxLength":200},"format":{"$ref":"#/$defs/Format"},"prompt":{"description":"What to write (create) or what to change (edit); uses a model.","type":"string","minLength":3,"maxLength":8000},"content":{"description":"The caller's own text, used as given.","type":"object","additionalProperties":false,"required":["markdown"],"properties":{"markdown":{"description":"Markdown (for an artifact, the page content): headings, paragraphs, lists, tables,\nbold/italic, links, page breaks, images. A picture of `sources` is referenced as\n`img:<n>` (n-th picture, from 1); a web image as `web:<search text>` or a direct link.\n","type":"string","minLength":1}}},"style":{"description":"The look in free words; unmet parts are listed in `style_unsupported`.","type":"string","minLength":1,"maxLength":1000},"sources":{"description":"Create only. Material to write from: up to 5 documents (Word, PowerPoint, Excel, PDF,\n`.doc`, `.ppt`, `.xls`, TXT, Markdown) and up to 10 pictures (PNG, JPEG, GIF, WebP), placed\nin the document.\n","type":"array","maxItems":15,"items":{"$ref":"#/$defs/FileRef"}},"file":{"$ref":"#/$defs/FileRef","description":"Review, edit and extract: the file to work on. Review and edit take Word, PowerPoint, Excel,\nPDF, also `.doc`, `.ppt`, `.xls` (returned as `.docx`, `.pptx`, `.xlsx`).\n"},"quality":{"$ref":"#/$defs/Quality","default":"auto"},"max_quality":{"$ref":"#/$defs/QualityLevel","description":"With `quality: auto`, the highest level the service may choose."},"stream":{"description":"Answer with a `text/event-stream` of document events.","type":"boolean","default":false},"background":{"description":"Answer `202` at once.","type":"boolean","default":false},"metadata":{"$ref":"#/$defs/Metadata"},"artifact":{"$ref":"#/$defs/ArtifactSettings","description":"Artifacts only. Default `storage` is `shared`, or `local` in a project that stores nothing."},"store":{"description":"`false`: content is deleted 15 minutes after finishing (same as `retention: none`).","type":"boolean","default":true},"retention":{"$ref":"#/$defs/Retention","description":"How long content is kept after finishing; artifacts default to `30d`."}}};
const schema84 = {"description":"A file to work on or to write from: a file id (`file_…`, from `POST /files`), a document id\n(`doc_…`, the document's main output), an object with a public `url`, or an object with base64\n`data` and a `filename`.\n","oneOf":[{"type":"string","description":"A file id or a document id.","pattern":"^(file|doc)_[0-9A-HJKMNP-TV-Z]{26}$"},{"$ref":"#/$defs/FileUrl"},{"$ref":"#/$defs/FileData"}]};
const schema85 = {"description":"A file the service downloads from a public http or https address.","type":"object","additionalProperties":false,"required":["url"],"properties":{"url":{"description":"Public http or https address; private and loopback addresses are refused.","type":"string","format":"uri","pattern":"^https?://"},"filename":{"description":"Name to keep for the file; taken from the address when absent.","type":"string","minLength":1,"maxLength":255}}};
const schema86 = {"description":"A file sent inline as base64 (up to 20 MB once decoded).","type":"object","additionalProperties":false,"required":["data","filename"],"properties":{"data":{"description":"The file's bytes, base64-encoded.","type":"string","contentEncoding":"base64","minLength":1},"filename":{"description":"The file's name; its extension helps tell the kind.","type":"string","minLength":1,"maxLength":255}}};
const pattern20 = new RegExp("^(file|doc)_[0-9A-HJKMNP-TV-Z]{26}$", "u");
const pattern21 = new RegExp("^https?://", "u");

function validate50(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate50.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
let valid0 = false;
let passing0 = null;
const _errs1 = errors;
if(typeof data === "string"){
if(!pattern20.test(data)){
const err0 = {instancePath,schemaPath:"#/oneOf/0/pattern",keyword:"pattern",params:{pattern: "^(file|doc)_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^(file|doc)_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath,schemaPath:"#/oneOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
var _valid0 = _errs1 === errors;
if(_valid0){
valid0 = true;
passing0 = 0;
}
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.url === undefined){
const err2 = {instancePath,schemaPath:"#/$defs/FileUrl/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "url") || (key0 === "filename"))){
const err3 = {instancePath,schemaPath:"#/$defs/FileUrl/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.url !== undefined){
let data0 = data.url;
if(typeof data0 === "string"){
if(!pattern21.test(data0)){
const err4 = {instancePath:instancePath+"/url",schemaPath:"#/$defs/FileUrl/properties/url/pattern",keyword:"pattern",params:{pattern: "^https?://"},message:"must match pattern \""+"^https?://"+"\""};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(!(formats12(data0))){
const err5 = {instancePath:instancePath+"/url",schemaPath:"#/$defs/FileUrl/properties/url/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/url",schemaPath:"#/$defs/FileUrl/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.filename !== undefined){
let data1 = data.filename;
if(typeof data1 === "string"){
if(func1(data1) > 255){
const err7 = {instancePath:instancePath+"/filename",schemaPath:"#/$defs/FileUrl/properties/filename/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(func1(data1) < 1){
const err8 = {instancePath:instancePath+"/filename",schemaPath:"#/$defs/FileUrl/properties/filename/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/filename",schemaPath:"#/$defs/FileUrl/properties/filename/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
else {
const err10 = {instancePath,schemaPath:"#/$defs/FileUrl/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
var _valid0 = _errs3 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid0 = true;
passing0 = 1;
var props0 = true;
}
const _errs11 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.data === undefined){
const err11 = {instancePath,schemaPath:"#/$defs/FileData/required",keyword:"required",params:{missingProperty: "data"},message:"must have required property '"+"data"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data.filename === undefined){
const err12 = {instancePath,schemaPath:"#/$defs/FileData/required",keyword:"required",params:{missingProperty: "filename"},message:"must have required property '"+"filename"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
for(const key1 in data){
if(!((key1 === "data") || (key1 === "filename"))){
const err13 = {instancePath,schemaPath:"#/$defs/FileData/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.data !== undefined){
let data2 = data.data;
if(typeof data2 === "string"){
if(func1(data2) < 1){
const err14 = {instancePath:instancePath+"/data",schemaPath:"#/$defs/FileData/properties/data/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/data",schemaPath:"#/$defs/FileData/properties/data/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.filename !== undefined){
let data3 = data.filename;
if(typeof data3 === "string"){
if(func1(data3) > 255){
const err16 = {instancePath:instancePath+"/filename",schemaPath:"#/$defs/FileData/properties/filename/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(func1(data3) < 1){
const err17 = {instancePath:instancePath+"/filename",schemaPath:"#/$defs/FileData/properties/filename/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/filename",schemaPath:"#/$defs/FileData/properties/filename/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath,schemaPath:"#/$defs/FileData/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
var _valid0 = _errs11 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 2];
}
else {
if(_valid0){
valid0 = true;
passing0 = 2;
if(props0 !== true){
props0 = true;
}
}
}
}
if(!valid0){
const err20 = {instancePath,schemaPath:"#/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
else {
errors = _errs0;
if(vErrors !== null){
if(_errs0){
vErrors.length = _errs0;
}
else {
vErrors = null;
}
}
}
validate50.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate50.evaluated = {"dynamicProps":true,"dynamicItems":false};


function validate49(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate49.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!(func7.call(schema81.properties, key0))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.operation !== undefined){
let data0 = data.operation;
if(typeof data0 !== "string"){
const err1 = {instancePath:instancePath+"/operation",schemaPath:"#/$defs/Operation/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(!((((data0 === "create") || (data0 === "review")) || (data0 === "edit")) || (data0 === "extract"))){
const err2 = {instancePath:instancePath+"/operation",schemaPath:"#/$defs/Operation/enum",keyword:"enum",params:{allowedValues: schema56.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(func1(data1) > 200){
const err3 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(func1(data1) < 1){
const err4 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.format !== undefined){
let data2 = data.format;
if(typeof data2 !== "string"){
const err6 = {instancePath:instancePath+"/format",schemaPath:"#/$defs/Format/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(!(((((data2 === "docx") || (data2 === "pdf")) || (data2 === "pptx")) || (data2 === "xlsx")) || (data2 === "artifact"))){
const err7 = {instancePath:instancePath+"/format",schemaPath:"#/$defs/Format/enum",keyword:"enum",params:{allowedValues: schema57.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.prompt !== undefined){
let data3 = data.prompt;
if(typeof data3 === "string"){
if(func1(data3) > 8000){
const err8 = {instancePath:instancePath+"/prompt",schemaPath:"#/properties/prompt/maxLength",keyword:"maxLength",params:{limit: 8000},message:"must NOT have more than 8000 characters"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(func1(data3) < 3){
const err9 = {instancePath:instancePath+"/prompt",schemaPath:"#/properties/prompt/minLength",keyword:"minLength",params:{limit: 3},message:"must NOT have fewer than 3 characters"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/prompt",schemaPath:"#/properties/prompt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.content !== undefined){
let data4 = data.content;
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
if(data4.markdown === undefined){
const err11 = {instancePath:instancePath+"/content",schemaPath:"#/properties/content/required",keyword:"required",params:{missingProperty: "markdown"},message:"must have required property '"+"markdown"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
for(const key1 in data4){
if(!(key1 === "markdown")){
const err12 = {instancePath:instancePath+"/content",schemaPath:"#/properties/content/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data4.markdown !== undefined){
let data5 = data4.markdown;
if(typeof data5 === "string"){
if(func1(data5) < 1){
const err13 = {instancePath:instancePath+"/content/markdown",schemaPath:"#/properties/content/properties/markdown/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/content/markdown",schemaPath:"#/properties/content/properties/markdown/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
else {
const err15 = {instancePath:instancePath+"/content",schemaPath:"#/properties/content/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.style !== undefined){
let data6 = data.style;
if(typeof data6 === "string"){
if(func1(data6) > 1000){
const err16 = {instancePath:instancePath+"/style",schemaPath:"#/properties/style/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(func1(data6) < 1){
const err17 = {instancePath:instancePath+"/style",schemaPath:"#/properties/style/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/style",schemaPath:"#/properties/style/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.sources !== undefined){
let data7 = data.sources;
if(Array.isArray(data7)){
if(data7.length > 15){
const err19 = {instancePath:instancePath+"/sources",schemaPath:"#/properties/sources/maxItems",keyword:"maxItems",params:{limit: 15},message:"must NOT have more than 15 items"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
const len0 = data7.length;
for(let i0=0; i0<len0; i0++){
if(!(validate50(data7[i0], {instancePath:instancePath+"/sources/" + i0,parentData:data7,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate50.errors : vErrors.concat(validate50.errors);
errors = vErrors.length;
}
}
}
else {
const err20 = {instancePath:instancePath+"/sources",schemaPath:"#/properties/sources/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.file !== undefined){
if(!(validate50(data.file, {instancePath:instancePath+"/file",parentData:data,parentDataProperty:"file",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate50.errors : vErrors.concat(validate50.errors);
errors = vErrors.length;
}
}
if(data.quality !== undefined){
let data10 = data.quality;
if(typeof data10 !== "string"){
const err21 = {instancePath:instancePath+"/quality",schemaPath:"#/$defs/Quality/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(!((((data10 === "auto") || (data10 === "fast")) || (data10 === "standard")) || (data10 === "best"))){
const err22 = {instancePath:instancePath+"/quality",schemaPath:"#/$defs/Quality/enum",keyword:"enum",params:{allowedValues: schema74.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.max_quality !== undefined){
let data11 = data.max_quality;
if(typeof data11 !== "string"){
const err23 = {instancePath:instancePath+"/max_quality",schemaPath:"#/$defs/QualityLevel/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(!(((data11 === "fast") || (data11 === "standard")) || (data11 === "best"))){
const err24 = {instancePath:instancePath+"/max_quality",schemaPath:"#/$defs/QualityLevel/enum",keyword:"enum",params:{allowedValues: schema75.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data.stream !== undefined){
if(typeof data.stream !== "boolean"){
const err25 = {instancePath:instancePath+"/stream",schemaPath:"#/properties/stream/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.background !== undefined){
if(typeof data.background !== "boolean"){
const err26 = {instancePath:instancePath+"/background",schemaPath:"#/properties/background/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.metadata !== undefined){
let data14 = data.metadata;
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
if(Object.keys(data14).length > 50){
const err27 = {instancePath:instancePath+"/metadata",schemaPath:"#/$defs/Metadata/maxProperties",keyword:"maxProperties",params:{limit: 50},message:"must NOT have more than 50 properties"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
for(const key2 in data14){
const _errs36 = errors;
if(typeof key2 === "string"){
if(func1(key2) > 40){
const err28 = {instancePath:instancePath+"/metadata",schemaPath:"#/$defs/Metadata/propertyNames/maxLength",keyword:"maxLength",params:{limit: 40},message:"must NOT have more than 40 characters",propertyName:key2};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if(func1(key2) < 1){
const err29 = {instancePath:instancePath+"/metadata",schemaPath:"#/$defs/Metadata/propertyNames/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",propertyName:key2};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
var valid9 = _errs36 === errors;
if(!valid9){
const err30 = {instancePath:instancePath+"/metadata",schemaPath:"#/$defs/Metadata/propertyNames",keyword:"propertyNames",params:{propertyName: key2},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
for(const key3 in data14){
let data15 = data14[key3];
if(typeof data15 === "string"){
if(func1(data15) > 500){
const err31 = {instancePath:instancePath+"/metadata/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/Metadata/additionalProperties/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
else {
const err32 = {instancePath:instancePath+"/metadata/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/Metadata/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
else {
const err33 = {instancePath:instancePath+"/metadata",schemaPath:"#/$defs/Metadata/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.artifact !== undefined){
if(!(validate28(data.artifact, {instancePath:instancePath+"/artifact",parentData:data,parentDataProperty:"artifact",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate28.errors : vErrors.concat(validate28.errors);
errors = vErrors.length;
}
}
if(data.store !== undefined){
if(typeof data.store !== "boolean"){
const err34 = {instancePath:instancePath+"/store",schemaPath:"#/properties/store/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data.retention !== undefined){
let data18 = data.retention;
if(typeof data18 !== "string"){
const err35 = {instancePath:instancePath+"/retention",schemaPath:"#/$defs/Retention/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(!(((((data18 === "none") || (data18 === "1d")) || (data18 === "7d")) || (data18 === "30d")) || (data18 === "90d"))){
const err36 = {instancePath:instancePath+"/retention",schemaPath:"#/$defs/Retention/enum",keyword:"enum",params:{allowedValues: schema71.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
}
else {
const err37 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
validate49.errors = vErrors;
return errors === 0;
}
validate49.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateCreateDocumentResult = validate54;
const schema91 = {"description":"A `200` JSON answer of `POST /documents`: a `Document`; a `DryRunResult` with `dry_run=true`; or, for\n`operation: extract` (a read, not a document), the `Extraction`, exactly as `POST /extract` answers.\n","oneOf":[{"$ref":"#/$defs/Document"},{"$ref":"#/$defs/DryRunResult"},{"$ref":"#/$defs/Extraction"}]};
const schema92 = {"description":"What `POST /documents?dry_run=true` found; nothing is created or charged.","type":"object","additionalProperties":false,"required":["object","valid","operation","format","mode","style_applied","style_unsupported","would_charge"],"properties":{"object":{"description":"Always `dry_run`.","const":"dry_run"},"valid":{"description":"Always `true`; an invalid request gets a `Problem` instead.","const":true},"operation":{"$ref":"#/$defs/Operation"},"format":{"description":"The format given, or null when it would be inferred from the prompt.","anyOf":[{"$ref":"#/$defs/Format"},{"type":"null"}]},"mode":{"description":"`prompt` or `content` for create; null for other operations.","type":["string","null"],"enum":["prompt","content",null]},"style_applied":{"description":"The look the style would give; null when there is nothing to lay out.","anyOf":[{"$ref":"#/$defs/StyleApplied"},{"type":"null"}]},"style_unsupported":{"description":"Parts of `style` that could not be done.","type":"array","items":{"type":"string"}},"would_charge":{"description":"What would be charged.","type":"object","additionalProperties":false,"required":["level"],"properties":{"level":{"description":"The quality level that would be charged; null when not known before processing (`quality: auto`) or nothing is charged.","anyOf":[{"$ref":"#/$defs/QualityLevel"},{"type":"null"}]}}}}};

function validate56(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate56.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.object === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "object"},message:"must have required property '"+"object"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.valid === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "valid"},message:"must have required property '"+"valid"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.operation === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "operation"},message:"must have required property '"+"operation"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.format === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "format"},message:"must have required property '"+"format"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.mode === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "mode"},message:"must have required property '"+"mode"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.style_applied === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "style_applied"},message:"must have required property '"+"style_applied"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.style_unsupported === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "style_unsupported"},message:"must have required property '"+"style_unsupported"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.would_charge === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "would_charge"},message:"must have required property '"+"would_charge"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
for(const key0 in data){
if(!((((((((key0 === "object") || (key0 === "valid")) || (key0 === "operation")) || (key0 === "format")) || (key0 === "mode")) || (key0 === "style_applied")) || (key0 === "style_unsupported")) || (key0 === "would_charge"))){
const err8 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.object !== undefined){
if("dry_run" !== data.object){
const err9 = {instancePath:instancePath+"/object",schemaPath:"#/properties/object/const",keyword:"const",params:{allowedValue: "dry_run"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.valid !== undefined){
if(true !== data.valid){
const err10 = {instancePath:instancePath+"/valid",schemaPath:"#/properties/valid/const",keyword:"const",params:{allowedValue: true},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.operation !== undefined){
let data2 = data.operation;
if(typeof data2 !== "string"){
const err11 = {instancePath:instancePath+"/operation",schemaPath:"#/$defs/Operation/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(!((((data2 === "create") || (data2 === "review")) || (data2 === "edit")) || (data2 === "extract"))){
const err12 = {instancePath:instancePath+"/operation",schemaPath:"#/$defs/Operation/enum",keyword:"enum",params:{allowedValues: schema56.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.format !== undefined){
let data3 = data.format;
const _errs8 = errors;
let valid2 = false;
const _errs9 = errors;
if(typeof data3 !== "string"){
const err13 = {instancePath:instancePath+"/format",schemaPath:"#/$defs/Format/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(!(((((data3 === "docx") || (data3 === "pdf")) || (data3 === "pptx")) || (data3 === "xlsx")) || (data3 === "artifact"))){
const err14 = {instancePath:instancePath+"/format",schemaPath:"#/$defs/Format/enum",keyword:"enum",params:{allowedValues: schema57.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
var _valid0 = _errs9 === errors;
valid2 = valid2 || _valid0;
const _errs12 = errors;
if(data3 !== null){
const err15 = {instancePath:instancePath+"/format",schemaPath:"#/properties/format/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
var _valid0 = _errs12 === errors;
valid2 = valid2 || _valid0;
if(!valid2){
const err16 = {instancePath:instancePath+"/format",schemaPath:"#/properties/format/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
else {
errors = _errs8;
if(vErrors !== null){
if(_errs8){
vErrors.length = _errs8;
}
else {
vErrors = null;
}
}
}
}
if(data.mode !== undefined){
let data4 = data.mode;
if((typeof data4 !== "string") && (data4 !== null)){
const err17 = {instancePath:instancePath+"/mode",schemaPath:"#/properties/mode/type",keyword:"type",params:{type: schema92.properties.mode.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(!(((data4 === "prompt") || (data4 === "content")) || (data4 === null))){
const err18 = {instancePath:instancePath+"/mode",schemaPath:"#/properties/mode/enum",keyword:"enum",params:{allowedValues: schema92.properties.mode.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.style_applied !== undefined){
let data5 = data.style_applied;
const _errs17 = errors;
let valid4 = false;
const _errs18 = errors;
if(!(validate37(data5, {instancePath:instancePath+"/style_applied",parentData:data,parentDataProperty:"style_applied",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate37.errors : vErrors.concat(validate37.errors);
errors = vErrors.length;
}
var _valid1 = _errs18 === errors;
valid4 = valid4 || _valid1;
const _errs19 = errors;
if(data5 !== null){
const err19 = {instancePath:instancePath+"/style_applied",schemaPath:"#/properties/style_applied/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
var _valid1 = _errs19 === errors;
valid4 = valid4 || _valid1;
if(!valid4){
const err20 = {instancePath:instancePath+"/style_applied",schemaPath:"#/properties/style_applied/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
else {
errors = _errs17;
if(vErrors !== null){
if(_errs17){
vErrors.length = _errs17;
}
else {
vErrors = null;
}
}
}
}
if(data.style_unsupported !== undefined){
let data6 = data.style_unsupported;
if(Array.isArray(data6)){
const len0 = data6.length;
for(let i0=0; i0<len0; i0++){
if(typeof data6[i0] !== "string"){
const err21 = {instancePath:instancePath+"/style_unsupported/" + i0,schemaPath:"#/properties/style_unsupported/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath:instancePath+"/style_unsupported",schemaPath:"#/properties/style_unsupported/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.would_charge !== undefined){
let data8 = data.would_charge;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.level === undefined){
const err23 = {instancePath:instancePath+"/would_charge",schemaPath:"#/properties/would_charge/required",keyword:"required",params:{missingProperty: "level"},message:"must have required property '"+"level"+"'"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
for(const key1 in data8){
if(!(key1 === "level")){
const err24 = {instancePath:instancePath+"/would_charge",schemaPath:"#/properties/would_charge/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data8.level !== undefined){
let data9 = data8.level;
const _errs29 = errors;
let valid8 = false;
const _errs30 = errors;
if(typeof data9 !== "string"){
const err25 = {instancePath:instancePath+"/would_charge/level",schemaPath:"#/$defs/QualityLevel/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(!(((data9 === "fast") || (data9 === "standard")) || (data9 === "best"))){
const err26 = {instancePath:instancePath+"/would_charge/level",schemaPath:"#/$defs/QualityLevel/enum",keyword:"enum",params:{allowedValues: schema75.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
var _valid2 = _errs30 === errors;
valid8 = valid8 || _valid2;
const _errs33 = errors;
if(data9 !== null){
const err27 = {instancePath:instancePath+"/would_charge/level",schemaPath:"#/properties/would_charge/properties/level/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
var _valid2 = _errs33 === errors;
valid8 = valid8 || _valid2;
if(!valid8){
const err28 = {instancePath:instancePath+"/would_charge/level",schemaPath:"#/properties/would_charge/properties/level/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
else {
errors = _errs29;
if(vErrors !== null){
if(_errs29){
vErrors.length = _errs29;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err29 = {instancePath:instancePath+"/would_charge",schemaPath:"#/properties/would_charge/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
else {
const err30 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
validate56.errors = vErrors;
return errors === 0;
}
validate56.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema96 = {"description":"A file read into Markdown.","type":"object","additionalProperties":false,"required":["object","id","document_id","format","markdown","chars","truncated","pages"],"properties":{"object":{"description":"Always `extraction`.","const":"extraction"},"id":{"$ref":"#/$defs/DocumentId"},"document_id":{"$ref":"#/$defs/DocumentId","description":"Same value as `id`."},"format":{"description":"Format of the file read.","type":"string","enum":["docx","pptx","xlsx","pdf","doc","ppt","xls","txt","md","png","jpg","gif","webp"]},"markdown":{"description":"The text: headings, lists and tables kept; one section per slide (with notes) or sheet;\npage markers in a PDF (HTML comments); scanned pages and pictures read with OCR (up to 100\npages; later ones marked unread).\n","type":"string"},"chars":{"description":"Length of the whole text before any cut.","type":"integer","minimum":0},"truncated":{"description":"True when the text was longer than 2,000,000 characters and was cut.","type":"boolean"},"pages":{"description":"Pages (PDF), slides (PowerPoint) or sheets (Excel); 1 otherwise. A Word file (`.docx`, `.doc`)\ncounts 1: it has no pages of its own until it is laid out, and the count Word saves in it is\noften stale.\n","type":"integer","minimum":0},"charset":{"description":"The character set a text file (`txt`, `md`) was read in, as a WHATWG label: `utf-8` (ASCII\nincluded), `utf-16le`, `utf-16be`, or the one detected for a file that is not Unicode, such\nas `windows-1252`, `shift_jis`, `euc-kr`, `gb18030`, `windows-1251`. Absent for other formats.\n","type":"string"},"ocr_pages":{"description":"The pages whose text OCR read, so a guess rather than the file's own text, in order: in a PDF,\nscanned pages and pages whose text layer cannot be used (fonts with no character map, garbage;\nthe Markdown marks them `<!-- page N: text layer unusable, read by OCR -->`); a picture file is\npage 1. Empty for a PDF none of whose pages were; absent for other formats. Pictures inside\npages, slides and sheets are marked in the Markdown (`<!-- picture: text read by OCR -->`), not\nhere.\n","type":"array","items":{"type":"integer","minimum":1}}}};

function validate59(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate59.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.object === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "object"},message:"must have required property '"+"object"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.id === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.document_id === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "document_id"},message:"must have required property '"+"document_id"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.format === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "format"},message:"must have required property '"+"format"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.markdown === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "markdown"},message:"must have required property '"+"markdown"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.chars === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "chars"},message:"must have required property '"+"chars"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.truncated === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "truncated"},message:"must have required property '"+"truncated"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.pages === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "pages"},message:"must have required property '"+"pages"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
for(const key0 in data){
if(!(func7.call(schema96.properties, key0))){
const err8 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.object !== undefined){
if("extraction" !== data.object){
const err9 = {instancePath:instancePath+"/object",schemaPath:"#/properties/object/const",keyword:"const",params:{allowedValue: "extraction"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.id !== undefined){
let data1 = data.id;
if(typeof data1 === "string"){
if(!pattern16.test(data1)){
const err10 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/DocumentId/pattern",keyword:"pattern",params:{pattern: "^doc_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^doc_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/DocumentId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.document_id !== undefined){
let data2 = data.document_id;
if(typeof data2 === "string"){
if(!pattern16.test(data2)){
const err12 = {instancePath:instancePath+"/document_id",schemaPath:"#/$defs/DocumentId/pattern",keyword:"pattern",params:{pattern: "^doc_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^doc_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/document_id",schemaPath:"#/$defs/DocumentId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.format !== undefined){
let data3 = data.format;
if(typeof data3 !== "string"){
const err14 = {instancePath:instancePath+"/format",schemaPath:"#/properties/format/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(!(((((((((((((data3 === "docx") || (data3 === "pptx")) || (data3 === "xlsx")) || (data3 === "pdf")) || (data3 === "doc")) || (data3 === "ppt")) || (data3 === "xls")) || (data3 === "txt")) || (data3 === "md")) || (data3 === "png")) || (data3 === "jpg")) || (data3 === "gif")) || (data3 === "webp"))){
const err15 = {instancePath:instancePath+"/format",schemaPath:"#/properties/format/enum",keyword:"enum",params:{allowedValues: schema96.properties.format.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.markdown !== undefined){
if(typeof data.markdown !== "string"){
const err16 = {instancePath:instancePath+"/markdown",schemaPath:"#/properties/markdown/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.chars !== undefined){
let data5 = data.chars;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err17 = {instancePath:instancePath+"/chars",schemaPath:"#/properties/chars/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 < 0 || isNaN(data5)){
const err18 = {instancePath:instancePath+"/chars",schemaPath:"#/properties/chars/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
if(data.truncated !== undefined){
if(typeof data.truncated !== "boolean"){
const err19 = {instancePath:instancePath+"/truncated",schemaPath:"#/properties/truncated/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.pages !== undefined){
let data7 = data.pages;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
const err20 = {instancePath:instancePath+"/pages",schemaPath:"#/properties/pages/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 < 0 || isNaN(data7)){
const err21 = {instancePath:instancePath+"/pages",schemaPath:"#/properties/pages/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
if(data.charset !== undefined){
if(typeof data.charset !== "string"){
const err22 = {instancePath:instancePath+"/charset",schemaPath:"#/properties/charset/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.ocr_pages !== undefined){
let data9 = data.ocr_pages;
if(Array.isArray(data9)){
const len0 = data9.length;
for(let i0=0; i0<len0; i0++){
let data10 = data9[i0];
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
const err23 = {instancePath:instancePath+"/ocr_pages/" + i0,schemaPath:"#/properties/ocr_pages/items/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 < 1 || isNaN(data10)){
const err24 = {instancePath:instancePath+"/ocr_pages/" + i0,schemaPath:"#/properties/ocr_pages/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
}
else {
const err25 = {instancePath:instancePath+"/ocr_pages",schemaPath:"#/properties/ocr_pages/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
else {
const err26 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
validate59.errors = vErrors;
return errors === 0;
}
validate59.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate54(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate54.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
let valid0 = false;
let passing0 = null;
const _errs1 = errors;
if(!(validate36(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate36.errors : vErrors.concat(validate36.errors);
errors = vErrors.length;
}
var _valid0 = _errs1 === errors;
if(_valid0){
valid0 = true;
passing0 = 0;
var props0 = true;
}
const _errs2 = errors;
if(!(validate56(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate56.errors : vErrors.concat(validate56.errors);
errors = vErrors.length;
}
var _valid0 = _errs2 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid0 = true;
passing0 = 1;
if(props0 !== true){
props0 = true;
}
}
const _errs3 = errors;
if(!(validate59(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate59.errors : vErrors.concat(validate59.errors);
errors = vErrors.length;
}
var _valid0 = _errs3 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 2];
}
else {
if(_valid0){
valid0 = true;
passing0 = 2;
if(props0 !== true){
props0 = true;
}
}
}
}
if(!valid0){
const err0 = {instancePath,schemaPath:"#/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
else {
errors = _errs0;
if(vErrors !== null){
if(_errs0){
vErrors.length = _errs0;
}
else {
vErrors = null;
}
}
}
validate54.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate54.evaluated = {"dynamicProps":true,"dynamicItems":false};

export const validateCreateFileRequest = validate61;
const schema99 = {"description":"JSON body of `POST /files`; a public address to download, or base64 data.","oneOf":[{"$ref":"#/$defs/FileUrl"},{"$ref":"#/$defs/FileData"}]};

function validate61(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate61.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
let valid0 = false;
let passing0 = null;
const _errs1 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.url === undefined){
const err0 = {instancePath,schemaPath:"#/$defs/FileUrl/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "url") || (key0 === "filename"))){
const err1 = {instancePath,schemaPath:"#/$defs/FileUrl/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.url !== undefined){
let data0 = data.url;
if(typeof data0 === "string"){
if(!pattern21.test(data0)){
const err2 = {instancePath:instancePath+"/url",schemaPath:"#/$defs/FileUrl/properties/url/pattern",keyword:"pattern",params:{pattern: "^https?://"},message:"must match pattern \""+"^https?://"+"\""};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(!(formats12(data0))){
const err3 = {instancePath:instancePath+"/url",schemaPath:"#/$defs/FileUrl/properties/url/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\""};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/url",schemaPath:"#/$defs/FileUrl/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.filename !== undefined){
let data1 = data.filename;
if(typeof data1 === "string"){
if(func1(data1) > 255){
const err5 = {instancePath:instancePath+"/filename",schemaPath:"#/$defs/FileUrl/properties/filename/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(func1(data1) < 1){
const err6 = {instancePath:instancePath+"/filename",schemaPath:"#/$defs/FileUrl/properties/filename/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/filename",schemaPath:"#/$defs/FileUrl/properties/filename/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/$defs/FileUrl/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
var _valid0 = _errs1 === errors;
if(_valid0){
valid0 = true;
passing0 = 0;
var props0 = true;
}
const _errs9 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.data === undefined){
const err9 = {instancePath,schemaPath:"#/$defs/FileData/required",keyword:"required",params:{missingProperty: "data"},message:"must have required property '"+"data"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.filename === undefined){
const err10 = {instancePath,schemaPath:"#/$defs/FileData/required",keyword:"required",params:{missingProperty: "filename"},message:"must have required property '"+"filename"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
for(const key1 in data){
if(!((key1 === "data") || (key1 === "filename"))){
const err11 = {instancePath,schemaPath:"#/$defs/FileData/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.data !== undefined){
let data2 = data.data;
if(typeof data2 === "string"){
if(func1(data2) < 1){
const err12 = {instancePath:instancePath+"/data",schemaPath:"#/$defs/FileData/properties/data/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/data",schemaPath:"#/$defs/FileData/properties/data/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.filename !== undefined){
let data3 = data.filename;
if(typeof data3 === "string"){
if(func1(data3) > 255){
const err14 = {instancePath:instancePath+"/filename",schemaPath:"#/$defs/FileData/properties/filename/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(func1(data3) < 1){
const err15 = {instancePath:instancePath+"/filename",schemaPath:"#/$defs/FileData/properties/filename/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/filename",schemaPath:"#/$defs/FileData/properties/filename/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
else {
const err17 = {instancePath,schemaPath:"#/$defs/FileData/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
var _valid0 = _errs9 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid0 = true;
passing0 = 1;
if(props0 !== true){
props0 = true;
}
}
}
if(!valid0){
const err18 = {instancePath,schemaPath:"#/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
else {
errors = _errs0;
if(vErrors !== null){
if(_errs0){
vErrors.length = _errs0;
}
else {
vErrors = null;
}
}
}
validate61.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate61.evaluated = {"dynamicProps":true,"dynamicItems":false};

export const validateCreateVersionRequest = validate62;
const schema102 = {"description":"Body of `POST /documents/{document_id}/versions`.","type":"object","additionalProperties":false,"required":["file"],"properties":{"file":{"$ref":"#/$defs/FileRef","description":"The hand-edited file."},"name":{"description":"Name of the new version; the parent's when absent.","type":"string","minLength":1,"maxLength":200},"metadata":{"$ref":"#/$defs/Metadata"}}};

function validate62(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate62.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.file === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "file"},message:"must have required property '"+"file"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "file") || (key0 === "name")) || (key0 === "metadata"))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.file !== undefined){
if(!(validate50(data.file, {instancePath:instancePath+"/file",parentData:data,parentDataProperty:"file",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate50.errors : vErrors.concat(validate50.errors);
errors = vErrors.length;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(func1(data1) > 200){
const err2 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(func1(data1) < 1){
const err3 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.metadata !== undefined){
let data2 = data.metadata;
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(Object.keys(data2).length > 50){
const err5 = {instancePath:instancePath+"/metadata",schemaPath:"#/$defs/Metadata/maxProperties",keyword:"maxProperties",params:{limit: 50},message:"must NOT have more than 50 properties"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
for(const key1 in data2){
const _errs8 = errors;
if(typeof key1 === "string"){
if(func1(key1) > 40){
const err6 = {instancePath:instancePath+"/metadata",schemaPath:"#/$defs/Metadata/propertyNames/maxLength",keyword:"maxLength",params:{limit: 40},message:"must NOT have more than 40 characters",propertyName:key1};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(func1(key1) < 1){
const err7 = {instancePath:instancePath+"/metadata",schemaPath:"#/$defs/Metadata/propertyNames/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",propertyName:key1};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
var valid2 = _errs8 === errors;
if(!valid2){
const err8 = {instancePath:instancePath+"/metadata",schemaPath:"#/$defs/Metadata/propertyNames",keyword:"propertyNames",params:{propertyName: key1},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
for(const key2 in data2){
let data3 = data2[key2];
if(typeof data3 === "string"){
if(func1(data3) > 500){
const err9 = {instancePath:instancePath+"/metadata/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/Metadata/additionalProperties/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/metadata/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/Metadata/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
else {
const err11 = {instancePath:instancePath+"/metadata",schemaPath:"#/$defs/Metadata/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
else {
const err12 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
validate62.errors = vErrors;
return errors === 0;
}
validate62.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateCreateWebhookEndpointRequest = validate64;
const schema104 = {"description":"Body of `POST /webhook-endpoints`.","type":"object","additionalProperties":false,"required":["url"],"properties":{"url":{"description":"HTTPS address on a public host that receives the messages.","type":"string","format":"uri"},"event_types":{"description":"Only these kinds are sent; all when absent.","type":"array","minItems":1,"uniqueItems":true,"items":{"$ref":"#/$defs/WebhookEventType"}}}};
const schema105 = {"description":"Kind of webhook message, sent when a document finishes.","type":"string","enum":["document.ready","document.failed","document.canceled"]};
const func0 = ajvRuntime_equal.default;

function validate64(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate64.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.url === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "url") || (key0 === "event_types"))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.url !== undefined){
let data0 = data.url;
if(typeof data0 === "string"){
if(!(formats12(data0))){
const err2 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\""};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.event_types !== undefined){
let data1 = data.event_types;
if(Array.isArray(data1)){
if(data1.length < 1){
const err4 = {instancePath:instancePath+"/event_types",schemaPath:"#/properties/event_types/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
if(typeof data2 !== "string"){
const err5 = {instancePath:instancePath+"/event_types/" + i0,schemaPath:"#/$defs/WebhookEventType/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(!(((data2 === "document.ready") || (data2 === "document.failed")) || (data2 === "document.canceled"))){
const err6 = {instancePath:instancePath+"/event_types/" + i0,schemaPath:"#/$defs/WebhookEventType/enum",keyword:"enum",params:{allowedValues: schema105.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
let i1 = data1.length;
let j0;
if(i1 > 1){
outer0:
for(;i1--;){
for(j0 = i1; j0--;){
if(func0(data1[i1], data1[j0])){
const err7 = {instancePath:instancePath+"/event_types",schemaPath:"#/properties/event_types/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
break outer0;
}
}
}
}
}
else {
const err8 = {instancePath:instancePath+"/event_types",schemaPath:"#/properties/event_types/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
else {
const err9 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
validate64.errors = vErrors;
return errors === 0;
}
validate64.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateDataName = validate65;

function validate65(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate65.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data === "string"){
if(!pattern12.test(data)){
const err0 = {instancePath,schemaPath:"#/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9_.-]{1,64}$"},message:"must match pattern \""+"^[A-Za-z0-9_.-]{1,64}$"+"\""};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate65.errors = vErrors;
return errors === 0;
}
validate65.evaluated = {"dynamicProps":false,"dynamicItems":false};

export const validateDocument = validate66;

function validate66(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate66.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.object === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "object"},message:"must have required property '"+"object"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.name === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.operation === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "operation"},message:"must have required property '"+"operation"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.format === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "format"},message:"must have required property '"+"format"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.type === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.mode === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "mode"},message:"must have required property '"+"mode"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.sector === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "sector"},message:"must have required property '"+"sector"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.parent_id === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "parent_id"},message:"must have required property '"+"parent_id"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.status === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.phase === undefined){
const err10 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "phase"},message:"must have required property '"+"phase"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data.pages === undefined){
const err11 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "pages"},message:"must have required property '"+"pages"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data.style_applied === undefined){
const err12 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "style_applied"},message:"must have required property '"+"style_applied"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data.style_unsupported === undefined){
const err13 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "style_unsupported"},message:"must have required property '"+"style_unsupported"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data.validation_summary === undefined){
const err14 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "validation_summary"},message:"must have required property '"+"validation_summary"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data.repair_summary === undefined){
const err15 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "repair_summary"},message:"must have required property '"+"repair_summary"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data.error === undefined){
const err16 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data.versions === undefined){
const err17 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "versions"},message:"must have required property '"+"versions"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data.metadata === undefined){
const err18 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "metadata"},message:"must have required property '"+"metadata"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(data.store === undefined){
const err19 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "store"},message:"must have required property '"+"store"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data.retention === undefined){
const err20 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "retention"},message:"must have required property '"+"retention"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data.expires_at === undefined){
const err21 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "expires_at"},message:"must have required property '"+"expires_at"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data.route === undefined){
const err22 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "route"},message:"must have required property '"+"route"+"'"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(data.quality === undefined){
const err23 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "quality"},message:"must have required property '"+"quality"+"'"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data.artifact === undefined){
const err24 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "artifact"},message:"must have required property '"+"artifact"+"'"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data.content_deleted_at === undefined){
const err25 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "content_deleted_at"},message:"must have required property '"+"content_deleted_at"+"'"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(data.created_at === undefined){
const err26 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "created_at"},message:"must have required property '"+"created_at"+"'"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(data.completed_at === undefined){
const err27 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "completed_at"},message:"must have required property '"+"completed_at"+"'"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
for(const key0 in data){
if(!(func7.call(schema54.properties, key0))){
const err28 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(!pattern16.test(data0)){
const err29 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/DocumentId/pattern",keyword:"pattern",params:{pattern: "^doc_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^doc_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
else {
const err30 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/DocumentId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data.object !== undefined){
if("document" !== data.object){
const err31 = {instancePath:instancePath+"/object",schemaPath:"#/properties/object/const",keyword:"const",params:{allowedValue: "document"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data.name !== undefined){
let data2 = data.name;
if((typeof data2 !== "string") && (data2 !== null)){
const err32 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: schema54.properties.name.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if(typeof data2 === "string"){
if(func1(data2) > 200){
const err33 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if(func1(data2) < 1){
const err34 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
if(data.operation !== undefined){
let data3 = data.operation;
if(typeof data3 !== "string"){
const err35 = {instancePath:instancePath+"/operation",schemaPath:"#/$defs/Operation/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(!((((data3 === "create") || (data3 === "review")) || (data3 === "edit")) || (data3 === "extract"))){
const err36 = {instancePath:instancePath+"/operation",schemaPath:"#/$defs/Operation/enum",keyword:"enum",params:{allowedValues: schema56.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data.format !== undefined){
let data4 = data.format;
const _errs12 = errors;
let valid3 = false;
const _errs13 = errors;
if(typeof data4 !== "string"){
const err37 = {instancePath:instancePath+"/format",schemaPath:"#/$defs/Format/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if(!(((((data4 === "docx") || (data4 === "pdf")) || (data4 === "pptx")) || (data4 === "xlsx")) || (data4 === "artifact"))){
const err38 = {instancePath:instancePath+"/format",schemaPath:"#/$defs/Format/enum",keyword:"enum",params:{allowedValues: schema57.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
var _valid0 = _errs13 === errors;
valid3 = valid3 || _valid0;
const _errs16 = errors;
if(data4 !== null){
const err39 = {instancePath:instancePath+"/format",schemaPath:"#/properties/format/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
var _valid0 = _errs16 === errors;
valid3 = valid3 || _valid0;
if(!valid3){
const err40 = {instancePath:instancePath+"/format",schemaPath:"#/properties/format/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
else {
errors = _errs12;
if(vErrors !== null){
if(_errs12){
vErrors.length = _errs12;
}
else {
vErrors = null;
}
}
}
}
if(data.type !== undefined){
let data5 = data.type;
const _errs19 = errors;
let valid5 = false;
const _errs20 = errors;
if(typeof data5 !== "string"){
const err41 = {instancePath:instancePath+"/type",schemaPath:"#/$defs/DocumentType/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
if(!((((((((data5 === "report") || (data5 === "letter")) || (data5 === "contract")) || (data5 === "memo")) || (data5 === "minutes")) || (data5 === "presentation")) || (data5 === "spreadsheet")) || (data5 === "artifact"))){
const err42 = {instancePath:instancePath+"/type",schemaPath:"#/$defs/DocumentType/enum",keyword:"enum",params:{allowedValues: schema58.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
var _valid1 = _errs20 === errors;
valid5 = valid5 || _valid1;
const _errs23 = errors;
if(data5 !== null){
const err43 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
var _valid1 = _errs23 === errors;
valid5 = valid5 || _valid1;
if(!valid5){
const err44 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
else {
errors = _errs19;
if(vErrors !== null){
if(_errs19){
vErrors.length = _errs19;
}
else {
vErrors = null;
}
}
}
}
if(data.mode !== undefined){
let data6 = data.mode;
const _errs26 = errors;
let valid7 = false;
const _errs27 = errors;
if(typeof data6 !== "string"){
const err45 = {instancePath:instancePath+"/mode",schemaPath:"#/$defs/DocumentMode/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if(!(((data6 === "prompt") || (data6 === "content")) || (data6 === "manual"))){
const err46 = {instancePath:instancePath+"/mode",schemaPath:"#/$defs/DocumentMode/enum",keyword:"enum",params:{allowedValues: schema59.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
var _valid2 = _errs27 === errors;
valid7 = valid7 || _valid2;
const _errs30 = errors;
if(data6 !== null){
const err47 = {instancePath:instancePath+"/mode",schemaPath:"#/properties/mode/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
var _valid2 = _errs30 === errors;
valid7 = valid7 || _valid2;
if(!valid7){
const err48 = {instancePath:instancePath+"/mode",schemaPath:"#/properties/mode/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
else {
errors = _errs26;
if(vErrors !== null){
if(_errs26){
vErrors.length = _errs26;
}
else {
vErrors = null;
}
}
}
}
if(data.sector !== undefined){
let data7 = data.sector;
if((typeof data7 !== "string") && (data7 !== null)){
const err49 = {instancePath:instancePath+"/sector",schemaPath:"#/properties/sector/type",keyword:"type",params:{type: schema54.properties.sector.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
if(data.parent_id !== undefined){
let data8 = data.parent_id;
if((typeof data8 !== "string") && (data8 !== null)){
const err50 = {instancePath:instancePath+"/parent_id",schemaPath:"#/properties/parent_id/type",keyword:"type",params:{type: schema54.properties.parent_id.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
if(typeof data8 === "string"){
if(!pattern16.test(data8)){
const err51 = {instancePath:instancePath+"/parent_id",schemaPath:"#/properties/parent_id/pattern",keyword:"pattern",params:{pattern: "^doc_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^doc_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
}
if(data.status !== undefined){
let data9 = data.status;
if(typeof data9 !== "string"){
const err52 = {instancePath:instancePath+"/status",schemaPath:"#/$defs/DocumentStatus/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
if(!(((((((data9 === "queued") || (data9 === "running")) || (data9 === "ready")) || (data9 === "ready_with_warnings")) || (data9 === "needs_review")) || (data9 === "failed")) || (data9 === "canceled"))){
const err53 = {instancePath:instancePath+"/status",schemaPath:"#/$defs/DocumentStatus/enum",keyword:"enum",params:{allowedValues: schema60.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
if(data.phase !== undefined){
let data10 = data.phase;
if((typeof data10 !== "string") && (data10 !== null)){
const err54 = {instancePath:instancePath+"/phase",schemaPath:"#/properties/phase/type",keyword:"type",params:{type: schema54.properties.phase.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
if(data.pages !== undefined){
let data11 = data.pages;
if((!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))) && (data11 !== null)){
const err55 = {instancePath:instancePath+"/pages",schemaPath:"#/properties/pages/type",keyword:"type",params:{type: schema54.properties.pages.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
if((typeof data11 == "number") && (isFinite(data11))){
if(data11 < 0 || isNaN(data11)){
const err56 = {instancePath:instancePath+"/pages",schemaPath:"#/properties/pages/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
}
if(data.style_applied !== undefined){
let data12 = data.style_applied;
const _errs44 = errors;
let valid10 = false;
const _errs45 = errors;
if(!(validate37(data12, {instancePath:instancePath+"/style_applied",parentData:data,parentDataProperty:"style_applied",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate37.errors : vErrors.concat(validate37.errors);
errors = vErrors.length;
}
var _valid3 = _errs45 === errors;
valid10 = valid10 || _valid3;
const _errs46 = errors;
if(data12 !== null){
const err57 = {instancePath:instancePath+"/style_applied",schemaPath:"#/properties/style_applied/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
var _valid3 = _errs46 === errors;
valid10 = valid10 || _valid3;
if(!valid10){
const err58 = {instancePath:instancePath+"/style_applied",schemaPath:"#/properties/style_applied/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
else {
errors = _errs44;
if(vErrors !== null){
if(_errs44){
vErrors.length = _errs44;
}
else {
vErrors = null;
}
}
}
}
if(data.style_unsupported !== undefined){
let data13 = data.style_unsupported;
if(Array.isArray(data13)){
const len0 = data13.length;
for(let i0=0; i0<len0; i0++){
if(typeof data13[i0] !== "string"){
const err59 = {instancePath:instancePath+"/style_unsupported/" + i0,schemaPath:"#/properties/style_unsupported/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
}
else {
const err60 = {instancePath:instancePath+"/style_unsupported",schemaPath:"#/properties/style_unsupported/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
if(data.validation_summary !== undefined){
let data15 = data.validation_summary;
const _errs53 = errors;
let valid13 = false;
const _errs54 = errors;
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
if(data15.errors === undefined){
const err61 = {instancePath:instancePath+"/validation_summary",schemaPath:"#/$defs/ValidationSummary/required",keyword:"required",params:{missingProperty: "errors"},message:"must have required property '"+"errors"+"'"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
if(data15.warnings === undefined){
const err62 = {instancePath:instancePath+"/validation_summary",schemaPath:"#/$defs/ValidationSummary/required",keyword:"required",params:{missingProperty: "warnings"},message:"must have required property '"+"warnings"+"'"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
if(data15.info === undefined){
const err63 = {instancePath:instancePath+"/validation_summary",schemaPath:"#/$defs/ValidationSummary/required",keyword:"required",params:{missingProperty: "info"},message:"must have required property '"+"info"+"'"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
for(const key1 in data15){
if(!(((key1 === "errors") || (key1 === "warnings")) || (key1 === "info"))){
const err64 = {instancePath:instancePath+"/validation_summary",schemaPath:"#/$defs/ValidationSummary/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
if(data15.errors !== undefined){
let data16 = data15.errors;
if(!(((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16))) && (isFinite(data16)))){
const err65 = {instancePath:instancePath+"/validation_summary/errors",schemaPath:"#/$defs/ValidationSummary/properties/errors/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
if((typeof data16 == "number") && (isFinite(data16))){
if(data16 < 0 || isNaN(data16)){
const err66 = {instancePath:instancePath+"/validation_summary/errors",schemaPath:"#/$defs/ValidationSummary/properties/errors/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
}
if(data15.warnings !== undefined){
let data17 = data15.warnings;
if(!(((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17))) && (isFinite(data17)))){
const err67 = {instancePath:instancePath+"/validation_summary/warnings",schemaPath:"#/$defs/ValidationSummary/properties/warnings/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
if((typeof data17 == "number") && (isFinite(data17))){
if(data17 < 0 || isNaN(data17)){
const err68 = {instancePath:instancePath+"/validation_summary/warnings",schemaPath:"#/$defs/ValidationSummary/properties/warnings/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
}
if(data15.info !== undefined){
let data18 = data15.info;
if(!(((typeof data18 == "number") && (!(data18 % 1) && !isNaN(data18))) && (isFinite(data18)))){
const err69 = {instancePath:instancePath+"/validation_summary/info",schemaPath:"#/$defs/ValidationSummary/properties/info/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
if((typeof data18 == "number") && (isFinite(data18))){
if(data18 < 0 || isNaN(data18)){
const err70 = {instancePath:instancePath+"/validation_summary/info",schemaPath:"#/$defs/ValidationSummary/properties/info/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
}
}
else {
const err71 = {instancePath:instancePath+"/validation_summary",schemaPath:"#/$defs/ValidationSummary/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
var _valid4 = _errs54 === errors;
valid13 = valid13 || _valid4;
const _errs64 = errors;
if(data15 !== null){
const err72 = {instancePath:instancePath+"/validation_summary",schemaPath:"#/properties/validation_summary/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
var _valid4 = _errs64 === errors;
valid13 = valid13 || _valid4;
if(!valid13){
const err73 = {instancePath:instancePath+"/validation_summary",schemaPath:"#/properties/validation_summary/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
else {
errors = _errs53;
if(vErrors !== null){
if(_errs53){
vErrors.length = _errs53;
}
else {
vErrors = null;
}
}
}
}
if(data.repair_summary !== undefined){
let data19 = data.repair_summary;
const _errs67 = errors;
let valid16 = false;
const _errs68 = errors;
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
if(data19.iterations === undefined){
const err74 = {instancePath:instancePath+"/repair_summary",schemaPath:"#/$defs/RepairSummary/required",keyword:"required",params:{missingProperty: "iterations"},message:"must have required property '"+"iterations"+"'"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
if(data19.applied === undefined){
const err75 = {instancePath:instancePath+"/repair_summary",schemaPath:"#/$defs/RepairSummary/required",keyword:"required",params:{missingProperty: "applied"},message:"must have required property '"+"applied"+"'"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
if(data19.rejected === undefined){
const err76 = {instancePath:instancePath+"/repair_summary",schemaPath:"#/$defs/RepairSummary/required",keyword:"required",params:{missingProperty: "rejected"},message:"must have required property '"+"rejected"+"'"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
for(const key2 in data19){
if(!(((key2 === "iterations") || (key2 === "applied")) || (key2 === "rejected"))){
const err77 = {instancePath:instancePath+"/repair_summary",schemaPath:"#/$defs/RepairSummary/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
}
if(data19.iterations !== undefined){
let data20 = data19.iterations;
if(!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))){
const err78 = {instancePath:instancePath+"/repair_summary/iterations",schemaPath:"#/$defs/RepairSummary/properties/iterations/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 < 0 || isNaN(data20)){
const err79 = {instancePath:instancePath+"/repair_summary/iterations",schemaPath:"#/$defs/RepairSummary/properties/iterations/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
}
}
if(data19.applied !== undefined){
let data21 = data19.applied;
if(!(((typeof data21 == "number") && (!(data21 % 1) && !isNaN(data21))) && (isFinite(data21)))){
const err80 = {instancePath:instancePath+"/repair_summary/applied",schemaPath:"#/$defs/RepairSummary/properties/applied/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
if((typeof data21 == "number") && (isFinite(data21))){
if(data21 < 0 || isNaN(data21)){
const err81 = {instancePath:instancePath+"/repair_summary/applied",schemaPath:"#/$defs/RepairSummary/properties/applied/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
}
}
if(data19.rejected !== undefined){
let data22 = data19.rejected;
if(!(((typeof data22 == "number") && (!(data22 % 1) && !isNaN(data22))) && (isFinite(data22)))){
const err82 = {instancePath:instancePath+"/repair_summary/rejected",schemaPath:"#/$defs/RepairSummary/properties/rejected/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
if((typeof data22 == "number") && (isFinite(data22))){
if(data22 < 0 || isNaN(data22)){
const err83 = {instancePath:instancePath+"/repair_summary/rejected",schemaPath:"#/$defs/RepairSummary/properties/rejected/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
}
}
}
else {
const err84 = {instancePath:instancePath+"/repair_summary",schemaPath:"#/$defs/RepairSummary/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
var _valid5 = _errs68 === errors;
valid16 = valid16 || _valid5;
const _errs78 = errors;
if(data19 !== null){
const err85 = {instancePath:instancePath+"/repair_summary",schemaPath:"#/properties/repair_summary/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
var _valid5 = _errs78 === errors;
valid16 = valid16 || _valid5;
if(!valid16){
const err86 = {instancePath:instancePath+"/repair_summary",schemaPath:"#/properties/repair_summary/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
else {
errors = _errs67;
if(vErrors !== null){
if(_errs67){
vErrors.length = _errs67;
}
else {
vErrors = null;
}
}
}
}
if(data.error !== undefined){
let data23 = data.error;
const _errs81 = errors;
let valid19 = false;
const _errs82 = errors;
if(!(validate39(data23, {instancePath:instancePath+"/error",parentData:data,parentDataProperty:"error",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate39.errors : vErrors.concat(validate39.errors);
errors = vErrors.length;
}
var _valid6 = _errs82 === errors;
valid19 = valid19 || _valid6;
const _errs83 = errors;
if(data23 !== null){
const err87 = {instancePath:instancePath+"/error",schemaPath:"#/properties/error/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
var _valid6 = _errs83 === errors;
valid19 = valid19 || _valid6;
if(!valid19){
const err88 = {instancePath:instancePath+"/error",schemaPath:"#/properties/error/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
else {
errors = _errs81;
if(vErrors !== null){
if(_errs81){
vErrors.length = _errs81;
}
else {
vErrors = null;
}
}
}
}
if(data.versions !== undefined){
let data24 = data.versions;
if(data24 && typeof data24 == "object" && !Array.isArray(data24)){
if(data24.engine === undefined){
const err89 = {instancePath:instancePath+"/versions",schemaPath:"#/$defs/Versions/required",keyword:"required",params:{missingProperty: "engine"},message:"must have required property '"+"engine"+"'"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
if(data24.renderer === undefined){
const err90 = {instancePath:instancePath+"/versions",schemaPath:"#/$defs/Versions/required",keyword:"required",params:{missingProperty: "renderer"},message:"must have required property '"+"renderer"+"'"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
if(data24.model === undefined){
const err91 = {instancePath:instancePath+"/versions",schemaPath:"#/$defs/Versions/required",keyword:"required",params:{missingProperty: "model"},message:"must have required property '"+"model"+"'"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
for(const key3 in data24){
if(!(((key3 === "engine") || (key3 === "renderer")) || (key3 === "model"))){
const err92 = {instancePath:instancePath+"/versions",schemaPath:"#/$defs/Versions/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
}
if(data24.engine !== undefined){
if(typeof data24.engine !== "string"){
const err93 = {instancePath:instancePath+"/versions/engine",schemaPath:"#/$defs/Versions/properties/engine/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
}
if(data24.renderer !== undefined){
if(typeof data24.renderer !== "string"){
const err94 = {instancePath:instancePath+"/versions/renderer",schemaPath:"#/$defs/Versions/properties/renderer/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
}
if(data24.model !== undefined){
let data27 = data24.model;
if((typeof data27 !== "string") && (data27 !== null)){
const err95 = {instancePath:instancePath+"/versions/model",schemaPath:"#/$defs/Versions/properties/model/type",keyword:"type",params:{type: schema69.properties.model.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
}
}
else {
const err96 = {instancePath:instancePath+"/versions",schemaPath:"#/$defs/Versions/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
}
if(data.metadata !== undefined){
let data28 = data.metadata;
if(data28 && typeof data28 == "object" && !Array.isArray(data28)){
if(Object.keys(data28).length > 50){
const err97 = {instancePath:instancePath+"/metadata",schemaPath:"#/$defs/Metadata/maxProperties",keyword:"maxProperties",params:{limit: 50},message:"must NOT have more than 50 properties"};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
for(const key4 in data28){
const _errs98 = errors;
if(typeof key4 === "string"){
if(func1(key4) > 40){
const err98 = {instancePath:instancePath+"/metadata",schemaPath:"#/$defs/Metadata/propertyNames/maxLength",keyword:"maxLength",params:{limit: 40},message:"must NOT have more than 40 characters",propertyName:key4};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
if(func1(key4) < 1){
const err99 = {instancePath:instancePath+"/metadata",schemaPath:"#/$defs/Metadata/propertyNames/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",propertyName:key4};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
}
var valid23 = _errs98 === errors;
if(!valid23){
const err100 = {instancePath:instancePath+"/metadata",schemaPath:"#/$defs/Metadata/propertyNames",keyword:"propertyNames",params:{propertyName: key4},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
}
for(const key5 in data28){
let data29 = data28[key5];
if(typeof data29 === "string"){
if(func1(data29) > 500){
const err101 = {instancePath:instancePath+"/metadata/" + key5.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/Metadata/additionalProperties/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
}
else {
const err102 = {instancePath:instancePath+"/metadata/" + key5.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/Metadata/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
}
}
else {
const err103 = {instancePath:instancePath+"/metadata",schemaPath:"#/$defs/Metadata/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
}
}
if(data.store !== undefined){
if(typeof data.store !== "boolean"){
const err104 = {instancePath:instancePath+"/store",schemaPath:"#/properties/store/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
}
if(data.retention !== undefined){
let data31 = data.retention;
if(typeof data31 !== "string"){
const err105 = {instancePath:instancePath+"/retention",schemaPath:"#/$defs/Retention/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err105];
}
else {
vErrors.push(err105);
}
errors++;
}
if(!(((((data31 === "none") || (data31 === "1d")) || (data31 === "7d")) || (data31 === "30d")) || (data31 === "90d"))){
const err106 = {instancePath:instancePath+"/retention",schemaPath:"#/$defs/Retention/enum",keyword:"enum",params:{allowedValues: schema71.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
}
if(data.expires_at !== undefined){
let data32 = data.expires_at;
if((typeof data32 !== "string") && (data32 !== null)){
const err107 = {instancePath:instancePath+"/expires_at",schemaPath:"#/properties/expires_at/type",keyword:"type",params:{type: schema54.properties.expires_at.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
if(typeof data32 === "string"){
if(!(formats0.validate(data32))){
const err108 = {instancePath:instancePath+"/expires_at",schemaPath:"#/properties/expires_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err108];
}
else {
vErrors.push(err108);
}
errors++;
}
}
}
if(data.route !== undefined){
let data33 = data.route;
const _errs110 = errors;
let valid26 = false;
const _errs111 = errors;
if(data33 && typeof data33 == "object" && !Array.isArray(data33)){
if(data33.path === undefined){
const err109 = {instancePath:instancePath+"/route",schemaPath:"#/$defs/Route/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err109];
}
else {
vErrors.push(err109);
}
errors++;
}
if(data33.reason === undefined){
const err110 = {instancePath:instancePath+"/route",schemaPath:"#/$defs/Route/required",keyword:"required",params:{missingProperty: "reason"},message:"must have required property '"+"reason"+"'"};
if(vErrors === null){
vErrors = [err110];
}
else {
vErrors.push(err110);
}
errors++;
}
for(const key6 in data33){
if(!((key6 === "path") || (key6 === "reason"))){
const err111 = {instancePath:instancePath+"/route",schemaPath:"#/$defs/Route/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err111];
}
else {
vErrors.push(err111);
}
errors++;
}
}
if(data33.path !== undefined){
let data34 = data33.path;
if(typeof data34 !== "string"){
const err112 = {instancePath:instancePath+"/route/path",schemaPath:"#/$defs/Route/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err112];
}
else {
vErrors.push(err112);
}
errors++;
}
if(!((data34 === "fast") || (data34 === "agent"))){
const err113 = {instancePath:instancePath+"/route/path",schemaPath:"#/$defs/Route/properties/path/enum",keyword:"enum",params:{allowedValues: schema72.properties.path.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err113];
}
else {
vErrors.push(err113);
}
errors++;
}
}
if(data33.reason !== undefined){
if(typeof data33.reason !== "string"){
const err114 = {instancePath:instancePath+"/route/reason",schemaPath:"#/$defs/Route/properties/reason/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err114];
}
else {
vErrors.push(err114);
}
errors++;
}
}
}
else {
const err115 = {instancePath:instancePath+"/route",schemaPath:"#/$defs/Route/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err115];
}
else {
vErrors.push(err115);
}
errors++;
}
var _valid7 = _errs111 === errors;
valid26 = valid26 || _valid7;
const _errs119 = errors;
if(data33 !== null){
const err116 = {instancePath:instancePath+"/route",schemaPath:"#/properties/route/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err116];
}
else {
vErrors.push(err116);
}
errors++;
}
var _valid7 = _errs119 === errors;
valid26 = valid26 || _valid7;
if(!valid26){
const err117 = {instancePath:instancePath+"/route",schemaPath:"#/properties/route/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err117];
}
else {
vErrors.push(err117);
}
errors++;
}
else {
errors = _errs110;
if(vErrors !== null){
if(_errs110){
vErrors.length = _errs110;
}
else {
vErrors = null;
}
}
}
}
if(data.quality !== undefined){
let data36 = data.quality;
const _errs122 = errors;
let valid29 = false;
const _errs123 = errors;
if(!(validate41(data36, {instancePath:instancePath+"/quality",parentData:data,parentDataProperty:"quality",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate41.errors : vErrors.concat(validate41.errors);
errors = vErrors.length;
}
var _valid8 = _errs123 === errors;
valid29 = valid29 || _valid8;
const _errs124 = errors;
if(data36 !== null){
const err118 = {instancePath:instancePath+"/quality",schemaPath:"#/properties/quality/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err118];
}
else {
vErrors.push(err118);
}
errors++;
}
var _valid8 = _errs124 === errors;
valid29 = valid29 || _valid8;
if(!valid29){
const err119 = {instancePath:instancePath+"/quality",schemaPath:"#/properties/quality/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err119];
}
else {
vErrors.push(err119);
}
errors++;
}
else {
errors = _errs122;
if(vErrors !== null){
if(_errs122){
vErrors.length = _errs122;
}
else {
vErrors = null;
}
}
}
}
if(data.artifact !== undefined){
let data37 = data.artifact;
const _errs127 = errors;
let valid30 = false;
const _errs128 = errors;
if(!(validate28(data37, {instancePath:instancePath+"/artifact",parentData:data,parentDataProperty:"artifact",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate28.errors : vErrors.concat(validate28.errors);
errors = vErrors.length;
}
var _valid9 = _errs128 === errors;
valid30 = valid30 || _valid9;
const _errs129 = errors;
if(data37 !== null){
const err120 = {instancePath:instancePath+"/artifact",schemaPath:"#/properties/artifact/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err120];
}
else {
vErrors.push(err120);
}
errors++;
}
var _valid9 = _errs129 === errors;
valid30 = valid30 || _valid9;
if(!valid30){
const err121 = {instancePath:instancePath+"/artifact",schemaPath:"#/properties/artifact/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err121];
}
else {
vErrors.push(err121);
}
errors++;
}
else {
errors = _errs127;
if(vErrors !== null){
if(_errs127){
vErrors.length = _errs127;
}
else {
vErrors = null;
}
}
}
}
if(data.content_deleted_at !== undefined){
let data38 = data.content_deleted_at;
if((typeof data38 !== "string") && (data38 !== null)){
const err122 = {instancePath:instancePath+"/content_deleted_at",schemaPath:"#/properties/content_deleted_at/type",keyword:"type",params:{type: schema54.properties.content_deleted_at.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err122];
}
else {
vErrors.push(err122);
}
errors++;
}
if(typeof data38 === "string"){
if(!(formats0.validate(data38))){
const err123 = {instancePath:instancePath+"/content_deleted_at",schemaPath:"#/properties/content_deleted_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err123];
}
else {
vErrors.push(err123);
}
errors++;
}
}
}
if(data.outputs !== undefined){
let data39 = data.outputs;
if(Array.isArray(data39)){
const len1 = data39.length;
for(let i1=0; i1<len1; i1++){
if(!(validate44(data39[i1], {instancePath:instancePath+"/outputs/" + i1,parentData:data39,parentDataProperty:i1,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate44.errors : vErrors.concat(validate44.errors);
errors = vErrors.length;
}
}
}
else {
const err124 = {instancePath:instancePath+"/outputs",schemaPath:"#/properties/outputs/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err124];
}
else {
vErrors.push(err124);
}
errors++;
}
}
if(data.created_at !== undefined){
let data41 = data.created_at;
if(typeof data41 === "string"){
if(!(formats0.validate(data41))){
const err125 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err125];
}
else {
vErrors.push(err125);
}
errors++;
}
}
else {
const err126 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err126];
}
else {
vErrors.push(err126);
}
errors++;
}
}
if(data.completed_at !== undefined){
let data42 = data.completed_at;
if((typeof data42 !== "string") && (data42 !== null)){
const err127 = {instancePath:instancePath+"/completed_at",schemaPath:"#/properties/completed_at/type",keyword:"type",params:{type: schema54.properties.completed_at.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err127];
}
else {
vErrors.push(err127);
}
errors++;
}
if(typeof data42 === "string"){
if(!(formats0.validate(data42))){
const err128 = {instancePath:instancePath+"/completed_at",schemaPath:"#/properties/completed_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err128];
}
else {
vErrors.push(err128);
}
errors++;
}
}
}
}
else {
const err129 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err129];
}
else {
vErrors.push(err129);
}
errors++;
}
validate66.errors = vErrors;
return errors === 0;
}
validate66.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateDocumentError = validate72;

function validate72(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate72.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data !== "string"){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(!(((((((((((((((data === "content_empty") || (data === "file_rejected")) || (data === "docx_invalid")) || (data === "file_not_found")) || (data === "document_too_long")) || (data === "format_unclear")) || (data === "edit_not_understood")) || (data === "edit_not_applied")) || (data === "source_unreadable")) || (data === "generation_blocked")) || (data === "request_refused")) || (data === "page_too_large")) || (data === "page_too_long")) || (data === "processing_failed")) || (data === "internal_error"))){
const err1 = {instancePath,schemaPath:"#/enum",keyword:"enum",params:{allowedValues: schema68.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate72.errors = vErrors;
return errors === 0;
}
validate72.evaluated = {"dynamicProps":false,"dynamicItems":false};

export const validateDocumentEvent = validate73;
const schema121 = {"description":"One progress event of a document, as stored and streamed (kept 7 days). Kinds (`type`) and\ntheir `data`:\n\n- `document.created`: the document was accepted; `data` carries at least `status`.\n- `status.changed`: `data` `{status, phase}`.\n- `phase.changed`: the phase changed, the status did not; `data` `{status, phase}`.\n- `request.understood`: the understood `format` and `type`, and a `confidence` (0 to 1).\n- `quality.chosen`: `level` and `reason`.\n- `quality.checked`: the checklist's `score` (0 to 100): a sector's, or the general one of the document's type (`checklist`: the sector's id or `general-<type>`).\n- `agent.step`: one step of the agent: `{step, of, plan, outcome, ms}` where `outcome` is\n  `file` (with `pages` and `findings`, the number of the service's own findings), `invalid_file`,\n  or the sandbox's failure (`error`, `timeout`, `cpu`, `memory`, `no_output`,\n  `output_too_big`), with a `message`.\n- `agent.checked`: a page inspection of the agent: `{inspection, of, pages, verdict, problems,\n  findings}`; `verdict` is `good`, `correct`, or `not_inspected` (the model could not look at\n  the pages; `error` says why, and the file is kept as the service's own checks passed it); each\n  problem is `{page, kind, description}` with\n  `kind` one of `overlap`, `overflow`, `cut_text`, `empty_space`, `contrast`,\n  `missing_content`, `other`.\n- `agent.fallback`: the agent could not finish; the `fast` path is used (a `best` document is\n  charged as `standard`): `{reason, steps, path}`.\n- `design.chosen`: the source whose design is used: `{source, index, as}`, `as` being\n  `template` (a deck built on a PowerPoint source's masters, layouts and theme) or `design`\n  (a look the agent copies).\n- `source.selected`: how much of long sources was used.\n- `artifact.planned`: the design plan of an artifact.\n- the final event, exactly one: `document.ready` (also for `ready_with_warnings` and\n  `needs_review`; `data.status` tells which), `document.failed` or `document.canceled`, with\n  `data` `{status, error, document}` where `document` is the `Document` as it is when the\n  event is delivered, with fresh links.\n","type":"object","additionalProperties":false,"required":["id","sequence","document_id","type","created_at","data"],"properties":{"id":{"description":"The sequence number as a decimal string (the SSE `id`).","type":"string","pattern":"^[1-9][0-9]*$"},"sequence":{"description":"Position of the event in the document's events, from 1.","type":"integer","minimum":1},"document_id":{"$ref":"#/$defs/DocumentId"},"type":{"description":"Kind of event (see above).","type":"string","minLength":1},"created_at":{"description":"When the event happened.","type":"string","format":"date-time"},"data":{"description":"Payload of the kind.","type":"object","additionalProperties":true}}};
const pattern28 = new RegExp("^[1-9][0-9]*$", "u");

function validate73(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate73.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.sequence === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "sequence"},message:"must have required property '"+"sequence"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.document_id === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "document_id"},message:"must have required property '"+"document_id"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.type === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.created_at === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "created_at"},message:"must have required property '"+"created_at"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.data === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "data"},message:"must have required property '"+"data"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
for(const key0 in data){
if(!((((((key0 === "id") || (key0 === "sequence")) || (key0 === "document_id")) || (key0 === "type")) || (key0 === "created_at")) || (key0 === "data"))){
const err6 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(!pattern28.test(data0)){
const err7 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/pattern",keyword:"pattern",params:{pattern: "^[1-9][0-9]*$"},message:"must match pattern \""+"^[1-9][0-9]*$"+"\""};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.sequence !== undefined){
let data1 = data.sequence;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err9 = {instancePath:instancePath+"/sequence",schemaPath:"#/properties/sequence/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 1 || isNaN(data1)){
const err10 = {instancePath:instancePath+"/sequence",schemaPath:"#/properties/sequence/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
if(data.document_id !== undefined){
let data2 = data.document_id;
if(typeof data2 === "string"){
if(!pattern16.test(data2)){
const err11 = {instancePath:instancePath+"/document_id",schemaPath:"#/$defs/DocumentId/pattern",keyword:"pattern",params:{pattern: "^doc_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^doc_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/document_id",schemaPath:"#/$defs/DocumentId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.type !== undefined){
let data3 = data.type;
if(typeof data3 === "string"){
if(func1(data3) < 1){
const err13 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.created_at !== undefined){
let data4 = data.created_at;
if(typeof data4 === "string"){
if(!(formats0.validate(data4))){
const err15 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.data !== undefined){
let data5 = data.data;
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
}
else {
const err17 = {instancePath:instancePath+"/data",schemaPath:"#/properties/data/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
else {
const err18 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
validate73.errors = vErrors;
return errors === 0;
}
validate73.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateDocumentFailure = validate74;

function validate74(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate74.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.code === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.message === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "code") || (key0 === "message"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.code !== undefined){
let data0 = data.code;
if(typeof data0 !== "string"){
const err3 = {instancePath:instancePath+"/code",schemaPath:"#/$defs/DocumentError/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(!(((((((((((((((data0 === "content_empty") || (data0 === "file_rejected")) || (data0 === "docx_invalid")) || (data0 === "file_not_found")) || (data0 === "document_too_long")) || (data0 === "format_unclear")) || (data0 === "edit_not_understood")) || (data0 === "edit_not_applied")) || (data0 === "source_unreadable")) || (data0 === "generation_blocked")) || (data0 === "request_refused")) || (data0 === "page_too_large")) || (data0 === "page_too_long")) || (data0 === "processing_failed")) || (data0 === "internal_error"))){
const err4 = {instancePath:instancePath+"/code",schemaPath:"#/$defs/DocumentError/enum",keyword:"enum",params:{allowedValues: schema68.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.message !== undefined){
if(typeof data.message !== "string"){
const err5 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
validate74.errors = vErrors;
return errors === 0;
}
validate74.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateDocumentId = validate75;

function validate75(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate75.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data === "string"){
if(!pattern16.test(data)){
const err0 = {instancePath,schemaPath:"#/pattern",keyword:"pattern",params:{pattern: "^doc_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^doc_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate75.errors = vErrors;
return errors === 0;
}
validate75.evaluated = {"dynamicProps":false,"dynamicItems":false};

export const validateDocumentList = validate76;
const schema126 = {"description":"A page of documents, most recent first.","type":"object","additionalProperties":false,"required":["object","data","has_more","next_cursor"],"properties":{"object":{"const":"list"},"data":{"type":"array","items":{"$ref":"#/$defs/Document"}},"has_more":{"description":"Whether another page follows.","type":"boolean"},"next_cursor":{"description":"Pass as `cursor` for the next page; null on the last page.","type":["string","null"]}}};

function validate76(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate76.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.object === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "object"},message:"must have required property '"+"object"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.data === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "data"},message:"must have required property '"+"data"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.has_more === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "has_more"},message:"must have required property '"+"has_more"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.next_cursor === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "next_cursor"},message:"must have required property '"+"next_cursor"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!((((key0 === "object") || (key0 === "data")) || (key0 === "has_more")) || (key0 === "next_cursor"))){
const err4 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.object !== undefined){
if("list" !== data.object){
const err5 = {instancePath:instancePath+"/object",schemaPath:"#/properties/object/const",keyword:"const",params:{allowedValue: "list"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.data !== undefined){
let data1 = data.data;
if(Array.isArray(data1)){
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
if(!(validate36(data1[i0], {instancePath:instancePath+"/data/" + i0,parentData:data1,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate36.errors : vErrors.concat(validate36.errors);
errors = vErrors.length;
}
}
}
else {
const err6 = {instancePath:instancePath+"/data",schemaPath:"#/properties/data/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.has_more !== undefined){
if(typeof data.has_more !== "boolean"){
const err7 = {instancePath:instancePath+"/has_more",schemaPath:"#/properties/has_more/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.next_cursor !== undefined){
let data4 = data.next_cursor;
if((typeof data4 !== "string") && (data4 !== null)){
const err8 = {instancePath:instancePath+"/next_cursor",schemaPath:"#/properties/next_cursor/type",keyword:"type",params:{type: schema126.properties.next_cursor.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
else {
const err9 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
validate76.errors = vErrors;
return errors === 0;
}
validate76.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateDocumentMode = validate78;

function validate78(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate78.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data !== "string"){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(!(((data === "prompt") || (data === "content")) || (data === "manual"))){
const err1 = {instancePath,schemaPath:"#/enum",keyword:"enum",params:{allowedValues: schema59.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate78.errors = vErrors;
return errors === 0;
}
validate78.evaluated = {"dynamicProps":false,"dynamicItems":false};

export const validateDocumentQuality = validate79;

function validate79(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate79.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.requested === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "requested"},message:"must have required property '"+"requested"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.level === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "level"},message:"must have required property '"+"level"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.reason === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "reason"},message:"must have required property '"+"reason"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "requested") || (key0 === "level")) || (key0 === "reason"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.requested !== undefined){
let data0 = data.requested;
if(typeof data0 !== "string"){
const err4 = {instancePath:instancePath+"/requested",schemaPath:"#/$defs/Quality/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(!((((data0 === "auto") || (data0 === "fast")) || (data0 === "standard")) || (data0 === "best"))){
const err5 = {instancePath:instancePath+"/requested",schemaPath:"#/$defs/Quality/enum",keyword:"enum",params:{allowedValues: schema74.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.level !== undefined){
let data1 = data.level;
const _errs6 = errors;
let valid2 = false;
const _errs7 = errors;
if(typeof data1 !== "string"){
const err6 = {instancePath:instancePath+"/level",schemaPath:"#/$defs/QualityLevel/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(!(((data1 === "fast") || (data1 === "standard")) || (data1 === "best"))){
const err7 = {instancePath:instancePath+"/level",schemaPath:"#/$defs/QualityLevel/enum",keyword:"enum",params:{allowedValues: schema75.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
var _valid0 = _errs7 === errors;
valid2 = valid2 || _valid0;
const _errs10 = errors;
if(data1 !== null){
const err8 = {instancePath:instancePath+"/level",schemaPath:"#/properties/level/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
var _valid0 = _errs10 === errors;
valid2 = valid2 || _valid0;
if(!valid2){
const err9 = {instancePath:instancePath+"/level",schemaPath:"#/properties/level/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
else {
errors = _errs6;
if(vErrors !== null){
if(_errs6){
vErrors.length = _errs6;
}
else {
vErrors = null;
}
}
}
}
if(data.reason !== undefined){
let data2 = data.reason;
if((typeof data2 !== "string") && (data2 !== null)){
const err10 = {instancePath:instancePath+"/reason",schemaPath:"#/properties/reason/type",keyword:"type",params:{type: schema73.properties.reason.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
else {
const err11 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
validate79.errors = vErrors;
return errors === 0;
}
validate79.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateDocumentStatus = validate80;

function validate80(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate80.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data !== "string"){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(!(((((((data === "queued") || (data === "running")) || (data === "ready")) || (data === "ready_with_warnings")) || (data === "needs_review")) || (data === "failed")) || (data === "canceled"))){
const err1 = {instancePath,schemaPath:"#/enum",keyword:"enum",params:{allowedValues: schema60.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate80.errors = vErrors;
return errors === 0;
}
validate80.evaluated = {"dynamicProps":false,"dynamicItems":false};

export const validateDocumentType = validate81;

function validate81(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate81.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data !== "string"){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(!((((((((data === "report") || (data === "letter")) || (data === "contract")) || (data === "memo")) || (data === "minutes")) || (data === "presentation")) || (data === "spreadsheet")) || (data === "artifact"))){
const err1 = {instancePath,schemaPath:"#/enum",keyword:"enum",params:{allowedValues: schema58.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate81.errors = vErrors;
return errors === 0;
}
validate81.evaluated = {"dynamicProps":false,"dynamicItems":false};

export const validateDryRunResult = validate82;

function validate82(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate82.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.object === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "object"},message:"must have required property '"+"object"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.valid === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "valid"},message:"must have required property '"+"valid"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.operation === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "operation"},message:"must have required property '"+"operation"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.format === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "format"},message:"must have required property '"+"format"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.mode === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "mode"},message:"must have required property '"+"mode"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.style_applied === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "style_applied"},message:"must have required property '"+"style_applied"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.style_unsupported === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "style_unsupported"},message:"must have required property '"+"style_unsupported"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.would_charge === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "would_charge"},message:"must have required property '"+"would_charge"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
for(const key0 in data){
if(!((((((((key0 === "object") || (key0 === "valid")) || (key0 === "operation")) || (key0 === "format")) || (key0 === "mode")) || (key0 === "style_applied")) || (key0 === "style_unsupported")) || (key0 === "would_charge"))){
const err8 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.object !== undefined){
if("dry_run" !== data.object){
const err9 = {instancePath:instancePath+"/object",schemaPath:"#/properties/object/const",keyword:"const",params:{allowedValue: "dry_run"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.valid !== undefined){
if(true !== data.valid){
const err10 = {instancePath:instancePath+"/valid",schemaPath:"#/properties/valid/const",keyword:"const",params:{allowedValue: true},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.operation !== undefined){
let data2 = data.operation;
if(typeof data2 !== "string"){
const err11 = {instancePath:instancePath+"/operation",schemaPath:"#/$defs/Operation/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(!((((data2 === "create") || (data2 === "review")) || (data2 === "edit")) || (data2 === "extract"))){
const err12 = {instancePath:instancePath+"/operation",schemaPath:"#/$defs/Operation/enum",keyword:"enum",params:{allowedValues: schema56.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.format !== undefined){
let data3 = data.format;
const _errs8 = errors;
let valid2 = false;
const _errs9 = errors;
if(typeof data3 !== "string"){
const err13 = {instancePath:instancePath+"/format",schemaPath:"#/$defs/Format/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(!(((((data3 === "docx") || (data3 === "pdf")) || (data3 === "pptx")) || (data3 === "xlsx")) || (data3 === "artifact"))){
const err14 = {instancePath:instancePath+"/format",schemaPath:"#/$defs/Format/enum",keyword:"enum",params:{allowedValues: schema57.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
var _valid0 = _errs9 === errors;
valid2 = valid2 || _valid0;
const _errs12 = errors;
if(data3 !== null){
const err15 = {instancePath:instancePath+"/format",schemaPath:"#/properties/format/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
var _valid0 = _errs12 === errors;
valid2 = valid2 || _valid0;
if(!valid2){
const err16 = {instancePath:instancePath+"/format",schemaPath:"#/properties/format/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
else {
errors = _errs8;
if(vErrors !== null){
if(_errs8){
vErrors.length = _errs8;
}
else {
vErrors = null;
}
}
}
}
if(data.mode !== undefined){
let data4 = data.mode;
if((typeof data4 !== "string") && (data4 !== null)){
const err17 = {instancePath:instancePath+"/mode",schemaPath:"#/properties/mode/type",keyword:"type",params:{type: schema92.properties.mode.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(!(((data4 === "prompt") || (data4 === "content")) || (data4 === null))){
const err18 = {instancePath:instancePath+"/mode",schemaPath:"#/properties/mode/enum",keyword:"enum",params:{allowedValues: schema92.properties.mode.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.style_applied !== undefined){
let data5 = data.style_applied;
const _errs17 = errors;
let valid4 = false;
const _errs18 = errors;
if(!(validate37(data5, {instancePath:instancePath+"/style_applied",parentData:data,parentDataProperty:"style_applied",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate37.errors : vErrors.concat(validate37.errors);
errors = vErrors.length;
}
var _valid1 = _errs18 === errors;
valid4 = valid4 || _valid1;
const _errs19 = errors;
if(data5 !== null){
const err19 = {instancePath:instancePath+"/style_applied",schemaPath:"#/properties/style_applied/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
var _valid1 = _errs19 === errors;
valid4 = valid4 || _valid1;
if(!valid4){
const err20 = {instancePath:instancePath+"/style_applied",schemaPath:"#/properties/style_applied/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
else {
errors = _errs17;
if(vErrors !== null){
if(_errs17){
vErrors.length = _errs17;
}
else {
vErrors = null;
}
}
}
}
if(data.style_unsupported !== undefined){
let data6 = data.style_unsupported;
if(Array.isArray(data6)){
const len0 = data6.length;
for(let i0=0; i0<len0; i0++){
if(typeof data6[i0] !== "string"){
const err21 = {instancePath:instancePath+"/style_unsupported/" + i0,schemaPath:"#/properties/style_unsupported/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath:instancePath+"/style_unsupported",schemaPath:"#/properties/style_unsupported/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.would_charge !== undefined){
let data8 = data.would_charge;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.level === undefined){
const err23 = {instancePath:instancePath+"/would_charge",schemaPath:"#/properties/would_charge/required",keyword:"required",params:{missingProperty: "level"},message:"must have required property '"+"level"+"'"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
for(const key1 in data8){
if(!(key1 === "level")){
const err24 = {instancePath:instancePath+"/would_charge",schemaPath:"#/properties/would_charge/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data8.level !== undefined){
let data9 = data8.level;
const _errs29 = errors;
let valid8 = false;
const _errs30 = errors;
if(typeof data9 !== "string"){
const err25 = {instancePath:instancePath+"/would_charge/level",schemaPath:"#/$defs/QualityLevel/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(!(((data9 === "fast") || (data9 === "standard")) || (data9 === "best"))){
const err26 = {instancePath:instancePath+"/would_charge/level",schemaPath:"#/$defs/QualityLevel/enum",keyword:"enum",params:{allowedValues: schema75.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
var _valid2 = _errs30 === errors;
valid8 = valid8 || _valid2;
const _errs33 = errors;
if(data9 !== null){
const err27 = {instancePath:instancePath+"/would_charge/level",schemaPath:"#/properties/would_charge/properties/level/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
var _valid2 = _errs33 === errors;
valid8 = valid8 || _valid2;
if(!valid8){
const err28 = {instancePath:instancePath+"/would_charge/level",schemaPath:"#/properties/would_charge/properties/level/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
else {
errors = _errs29;
if(vErrors !== null){
if(_errs29){
vErrors.length = _errs29;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err29 = {instancePath:instancePath+"/would_charge",schemaPath:"#/properties/would_charge/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
else {
const err30 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
validate82.errors = vErrors;
return errors === 0;
}
validate82.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateErrorCode = validate84;
const schema137 = {"description":"Stable machine code of a `Problem`, with its HTTP status:\n`input_invalid` 422, `unauthorized` 401, `insufficient_balance` 402, `session_required` 403,\n`region_mismatch` 401, `rate_limited` 429, `not_an_artifact` 409, `record_too_large` 413,\n`too_many_records` 409, `not_found` 404, `file_rejected` 422, `file_too_large` 413,\n`report_not_ready` 409, `content_deleted` 410, `retention_none_shared` 422,\n`artifact_is_local` 409, `events_expired` 410, `idempotency_key_reused` 422,\n`idempotency_request_in_progress` 409, `feature_unavailable` 501, `internal_error` 500,\n`overloaded` 503 (this instance's queue for reading files is longer than it can serve within the\nrequest's wait: sent before the body is read; try again after `Retry-After` seconds),\n`method_not_allowed` 405 (the path exists, not with this method), `malformed_request` 400\n(body is not valid JSON or multipart), `unsupported_media_type` 415 (body's content type not\naccepted), `payload_too_large` 413 (request body over the limit), `headers_too_large` 431 (too\nmany or too large request headers), `link_expired` 410 (a signed download link past its expiry).\nUnknown paths give `not_found` 404.\n","type":"string","enum":["input_invalid","unauthorized","insufficient_balance","session_required","region_mismatch","rate_limited","not_an_artifact","record_too_large","too_many_records","not_found","file_rejected","file_too_large","report_not_ready","content_deleted","retention_none_shared","artifact_is_local","events_expired","idempotency_key_reused","idempotency_request_in_progress","feature_unavailable","internal_error","method_not_allowed","malformed_request","unsupported_media_type","payload_too_large","headers_too_large","link_expired","overloaded"]};

function validate84(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate84.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data !== "string"){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(!((((((((((((((((((((((((((((data === "input_invalid") || (data === "unauthorized")) || (data === "insufficient_balance")) || (data === "session_required")) || (data === "region_mismatch")) || (data === "rate_limited")) || (data === "not_an_artifact")) || (data === "record_too_large")) || (data === "too_many_records")) || (data === "not_found")) || (data === "file_rejected")) || (data === "file_too_large")) || (data === "report_not_ready")) || (data === "content_deleted")) || (data === "retention_none_shared")) || (data === "artifact_is_local")) || (data === "events_expired")) || (data === "idempotency_key_reused")) || (data === "idempotency_request_in_progress")) || (data === "feature_unavailable")) || (data === "internal_error")) || (data === "method_not_allowed")) || (data === "malformed_request")) || (data === "unsupported_media_type")) || (data === "payload_too_large")) || (data === "headers_too_large")) || (data === "link_expired")) || (data === "overloaded"))){
const err1 = {instancePath,schemaPath:"#/enum",keyword:"enum",params:{allowedValues: schema137.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate84.errors = vErrors;
return errors === 0;
}
validate84.evaluated = {"dynamicProps":false,"dynamicItems":false};

export const validateEventStream = validate85;
const schema138 = {"description":"A `text/event-stream` (server-sent events). Each event is one frame:\n\n```\nid: <sequence>\nevent: <type>\ndata: <DocumentEvent as JSON, one line>\n\n```\n\n`id` is the event's sequence number (send it back as `Last-Event-ID` to resume), `event` its\n`type`, `data` the whole `DocumentEvent`. Lines starting with `:` are comments (keep-alive)\nand are to be ignored. The stream ends after the final event.\n","type":"string","contentMediaType":"text/event-stream"};

function validate85(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate85.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data !== "string"){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
validate85.errors = vErrors;
return errors === 0;
}
validate85.evaluated = {"dynamicProps":false,"dynamicItems":false};

export const validateExtractRequest = validate86;
const schema139 = {"description":"JSON body of `POST /extract`.","type":"object","additionalProperties":false,"required":["file"],"properties":{"file":{"$ref":"#/$defs/FileRef","description":"The file to read."},"store":{"description":"`false`: nothing about the request is kept once answered.","type":"boolean"}}};

function validate86(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate86.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.file === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "file"},message:"must have required property '"+"file"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "file") || (key0 === "store"))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.file !== undefined){
if(!(validate50(data.file, {instancePath:instancePath+"/file",parentData:data,parentDataProperty:"file",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate50.errors : vErrors.concat(validate50.errors);
errors = vErrors.length;
}
}
if(data.store !== undefined){
if(typeof data.store !== "boolean"){
const err2 = {instancePath:instancePath+"/store",schemaPath:"#/properties/store/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
}
else {
const err3 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
validate86.errors = vErrors;
return errors === 0;
}
validate86.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateExtraction = validate88;

function validate88(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate88.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.object === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "object"},message:"must have required property '"+"object"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.id === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.document_id === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "document_id"},message:"must have required property '"+"document_id"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.format === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "format"},message:"must have required property '"+"format"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.markdown === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "markdown"},message:"must have required property '"+"markdown"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.chars === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "chars"},message:"must have required property '"+"chars"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.truncated === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "truncated"},message:"must have required property '"+"truncated"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.pages === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "pages"},message:"must have required property '"+"pages"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
for(const key0 in data){
if(!(func7.call(schema96.properties, key0))){
const err8 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.object !== undefined){
if("extraction" !== data.object){
const err9 = {instancePath:instancePath+"/object",schemaPath:"#/properties/object/const",keyword:"const",params:{allowedValue: "extraction"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.id !== undefined){
let data1 = data.id;
if(typeof data1 === "string"){
if(!pattern16.test(data1)){
const err10 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/DocumentId/pattern",keyword:"pattern",params:{pattern: "^doc_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^doc_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/DocumentId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.document_id !== undefined){
let data2 = data.document_id;
if(typeof data2 === "string"){
if(!pattern16.test(data2)){
const err12 = {instancePath:instancePath+"/document_id",schemaPath:"#/$defs/DocumentId/pattern",keyword:"pattern",params:{pattern: "^doc_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^doc_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/document_id",schemaPath:"#/$defs/DocumentId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.format !== undefined){
let data3 = data.format;
if(typeof data3 !== "string"){
const err14 = {instancePath:instancePath+"/format",schemaPath:"#/properties/format/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(!(((((((((((((data3 === "docx") || (data3 === "pptx")) || (data3 === "xlsx")) || (data3 === "pdf")) || (data3 === "doc")) || (data3 === "ppt")) || (data3 === "xls")) || (data3 === "txt")) || (data3 === "md")) || (data3 === "png")) || (data3 === "jpg")) || (data3 === "gif")) || (data3 === "webp"))){
const err15 = {instancePath:instancePath+"/format",schemaPath:"#/properties/format/enum",keyword:"enum",params:{allowedValues: schema96.properties.format.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.markdown !== undefined){
if(typeof data.markdown !== "string"){
const err16 = {instancePath:instancePath+"/markdown",schemaPath:"#/properties/markdown/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.chars !== undefined){
let data5 = data.chars;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err17 = {instancePath:instancePath+"/chars",schemaPath:"#/properties/chars/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 < 0 || isNaN(data5)){
const err18 = {instancePath:instancePath+"/chars",schemaPath:"#/properties/chars/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
if(data.truncated !== undefined){
if(typeof data.truncated !== "boolean"){
const err19 = {instancePath:instancePath+"/truncated",schemaPath:"#/properties/truncated/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.pages !== undefined){
let data7 = data.pages;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
const err20 = {instancePath:instancePath+"/pages",schemaPath:"#/properties/pages/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 < 0 || isNaN(data7)){
const err21 = {instancePath:instancePath+"/pages",schemaPath:"#/properties/pages/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
if(data.charset !== undefined){
if(typeof data.charset !== "string"){
const err22 = {instancePath:instancePath+"/charset",schemaPath:"#/properties/charset/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.ocr_pages !== undefined){
let data9 = data.ocr_pages;
if(Array.isArray(data9)){
const len0 = data9.length;
for(let i0=0; i0<len0; i0++){
let data10 = data9[i0];
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
const err23 = {instancePath:instancePath+"/ocr_pages/" + i0,schemaPath:"#/properties/ocr_pages/items/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 < 1 || isNaN(data10)){
const err24 = {instancePath:instancePath+"/ocr_pages/" + i0,schemaPath:"#/properties/ocr_pages/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
}
else {
const err25 = {instancePath:instancePath+"/ocr_pages",schemaPath:"#/properties/ocr_pages/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
else {
const err26 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
validate88.errors = vErrors;
return errors === 0;
}
validate88.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateExtractionPending = validate89;

function validate89(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate89.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.object === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "object"},message:"must have required property '"+"object"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.id === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.status === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "object") || (key0 === "id")) || (key0 === "status"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.object !== undefined){
if("extraction" !== data.object){
const err4 = {instancePath:instancePath+"/object",schemaPath:"#/properties/object/const",keyword:"const",params:{allowedValue: "extraction"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.id !== undefined){
let data1 = data.id;
if(typeof data1 === "string"){
if(!pattern16.test(data1)){
const err5 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/DocumentId/pattern",keyword:"pattern",params:{pattern: "^doc_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^doc_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/DocumentId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.status !== undefined){
if("running" !== data.status){
const err7 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/const",keyword:"const",params:{allowedValue: "running"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate89.errors = vErrors;
return errors === 0;
}
validate89.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateFieldError = validate90;
const schema145 = {"description":"One offending field.","type":"object","additionalProperties":false,"required":["path","message"],"properties":{"path":{"description":"JSON pointer to the field, e.g. `/style/font_size`; the empty string for the whole body.","type":"string"},"message":{"description":"What is wrong and the valid values.","type":"string"}}};

function validate90(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate90.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.path === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.message === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "path") || (key0 === "message"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.path !== undefined){
if(typeof data.path !== "string"){
const err3 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.message !== undefined){
if(typeof data.message !== "string"){
const err4 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
}
else {
const err5 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
validate90.errors = vErrors;
return errors === 0;
}
validate90.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateFile = validate91;
const schema146 = {"description":"An uploaded file.","type":"object","additionalProperties":false,"required":["id","object","filename","content_type","bytes","sha256","pages","created_at"],"properties":{"id":{"$ref":"#/$defs/FileId"},"object":{"description":"Always `file`.","const":"file"},"filename":{"description":"The file's name.","type":"string"},"content_type":{"description":"Media type detected from the content.","type":"string"},"bytes":{"description":"Size in bytes.","type":"integer","minimum":0},"sha256":{"description":"SHA-256 of the bytes, lowercase hex.","type":"string","pattern":"^[0-9a-f]{64}$"},"pages":{"description":"Pages (PDF), slides (PowerPoint) or sheets (Excel); 1 for Word files, pictures and text, as the\nextraction of the same file gives: a Word file has no pages until it is laid out.\n","type":"integer","minimum":0},"created_at":{"description":"When the file was uploaded.","type":"string","format":"date-time"}}};
const schema147 = {"description":"File id.","type":"string","pattern":"^file_[0-9A-HJKMNP-TV-Z]{26}$"};
const pattern34 = new RegExp("^file_[0-9A-HJKMNP-TV-Z]{26}$", "u");
const pattern35 = new RegExp("^[0-9a-f]{64}$", "u");

function validate91(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate91.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.object === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "object"},message:"must have required property '"+"object"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.filename === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "filename"},message:"must have required property '"+"filename"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.content_type === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "content_type"},message:"must have required property '"+"content_type"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.bytes === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "bytes"},message:"must have required property '"+"bytes"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.sha256 === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "sha256"},message:"must have required property '"+"sha256"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.pages === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "pages"},message:"must have required property '"+"pages"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.created_at === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "created_at"},message:"must have required property '"+"created_at"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
for(const key0 in data){
if(!((((((((key0 === "id") || (key0 === "object")) || (key0 === "filename")) || (key0 === "content_type")) || (key0 === "bytes")) || (key0 === "sha256")) || (key0 === "pages")) || (key0 === "created_at"))){
const err8 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(!pattern34.test(data0)){
const err9 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/FileId/pattern",keyword:"pattern",params:{pattern: "^file_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^file_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/FileId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.object !== undefined){
if("file" !== data.object){
const err11 = {instancePath:instancePath+"/object",schemaPath:"#/properties/object/const",keyword:"const",params:{allowedValue: "file"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.filename !== undefined){
if(typeof data.filename !== "string"){
const err12 = {instancePath:instancePath+"/filename",schemaPath:"#/properties/filename/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.content_type !== undefined){
if(typeof data.content_type !== "string"){
const err13 = {instancePath:instancePath+"/content_type",schemaPath:"#/properties/content_type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.bytes !== undefined){
let data4 = data.bytes;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err14 = {instancePath:instancePath+"/bytes",schemaPath:"#/properties/bytes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 < 0 || isNaN(data4)){
const err15 = {instancePath:instancePath+"/bytes",schemaPath:"#/properties/bytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
if(data.sha256 !== undefined){
let data5 = data.sha256;
if(typeof data5 === "string"){
if(!pattern35.test(data5)){
const err16 = {instancePath:instancePath+"/sha256",schemaPath:"#/properties/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/sha256",schemaPath:"#/properties/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.pages !== undefined){
let data6 = data.pages;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
const err18 = {instancePath:instancePath+"/pages",schemaPath:"#/properties/pages/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 < 0 || isNaN(data6)){
const err19 = {instancePath:instancePath+"/pages",schemaPath:"#/properties/pages/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
if(data.created_at !== undefined){
let data7 = data.created_at;
if(typeof data7 === "string"){
if(!(formats0.validate(data7))){
const err20 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
validate91.errors = vErrors;
return errors === 0;
}
validate91.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateFileData = validate92;

function validate92(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate92.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.data === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "data"},message:"must have required property '"+"data"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.filename === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "filename"},message:"must have required property '"+"filename"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "data") || (key0 === "filename"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.data !== undefined){
let data0 = data.data;
if(typeof data0 === "string"){
if(func1(data0) < 1){
const err3 = {instancePath:instancePath+"/data",schemaPath:"#/properties/data/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/data",schemaPath:"#/properties/data/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.filename !== undefined){
let data1 = data.filename;
if(typeof data1 === "string"){
if(func1(data1) > 255){
const err5 = {instancePath:instancePath+"/filename",schemaPath:"#/properties/filename/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(func1(data1) < 1){
const err6 = {instancePath:instancePath+"/filename",schemaPath:"#/properties/filename/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/filename",schemaPath:"#/properties/filename/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate92.errors = vErrors;
return errors === 0;
}
validate92.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateFileId = validate93;

function validate93(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate93.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data === "string"){
if(!pattern34.test(data)){
const err0 = {instancePath,schemaPath:"#/pattern",keyword:"pattern",params:{pattern: "^file_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^file_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate93.errors = vErrors;
return errors === 0;
}
validate93.evaluated = {"dynamicProps":false,"dynamicItems":false};

export const validateFileRef = validate94;

function validate94(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate94.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
let valid0 = false;
let passing0 = null;
const _errs1 = errors;
if(typeof data === "string"){
if(!pattern20.test(data)){
const err0 = {instancePath,schemaPath:"#/oneOf/0/pattern",keyword:"pattern",params:{pattern: "^(file|doc)_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^(file|doc)_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath,schemaPath:"#/oneOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
var _valid0 = _errs1 === errors;
if(_valid0){
valid0 = true;
passing0 = 0;
}
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.url === undefined){
const err2 = {instancePath,schemaPath:"#/$defs/FileUrl/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "url") || (key0 === "filename"))){
const err3 = {instancePath,schemaPath:"#/$defs/FileUrl/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.url !== undefined){
let data0 = data.url;
if(typeof data0 === "string"){
if(!pattern21.test(data0)){
const err4 = {instancePath:instancePath+"/url",schemaPath:"#/$defs/FileUrl/properties/url/pattern",keyword:"pattern",params:{pattern: "^https?://"},message:"must match pattern \""+"^https?://"+"\""};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(!(formats12(data0))){
const err5 = {instancePath:instancePath+"/url",schemaPath:"#/$defs/FileUrl/properties/url/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/url",schemaPath:"#/$defs/FileUrl/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.filename !== undefined){
let data1 = data.filename;
if(typeof data1 === "string"){
if(func1(data1) > 255){
const err7 = {instancePath:instancePath+"/filename",schemaPath:"#/$defs/FileUrl/properties/filename/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(func1(data1) < 1){
const err8 = {instancePath:instancePath+"/filename",schemaPath:"#/$defs/FileUrl/properties/filename/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/filename",schemaPath:"#/$defs/FileUrl/properties/filename/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
else {
const err10 = {instancePath,schemaPath:"#/$defs/FileUrl/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
var _valid0 = _errs3 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid0 = true;
passing0 = 1;
var props0 = true;
}
const _errs11 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.data === undefined){
const err11 = {instancePath,schemaPath:"#/$defs/FileData/required",keyword:"required",params:{missingProperty: "data"},message:"must have required property '"+"data"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data.filename === undefined){
const err12 = {instancePath,schemaPath:"#/$defs/FileData/required",keyword:"required",params:{missingProperty: "filename"},message:"must have required property '"+"filename"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
for(const key1 in data){
if(!((key1 === "data") || (key1 === "filename"))){
const err13 = {instancePath,schemaPath:"#/$defs/FileData/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.data !== undefined){
let data2 = data.data;
if(typeof data2 === "string"){
if(func1(data2) < 1){
const err14 = {instancePath:instancePath+"/data",schemaPath:"#/$defs/FileData/properties/data/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/data",schemaPath:"#/$defs/FileData/properties/data/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.filename !== undefined){
let data3 = data.filename;
if(typeof data3 === "string"){
if(func1(data3) > 255){
const err16 = {instancePath:instancePath+"/filename",schemaPath:"#/$defs/FileData/properties/filename/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(func1(data3) < 1){
const err17 = {instancePath:instancePath+"/filename",schemaPath:"#/$defs/FileData/properties/filename/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/filename",schemaPath:"#/$defs/FileData/properties/filename/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath,schemaPath:"#/$defs/FileData/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
var _valid0 = _errs11 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 2];
}
else {
if(_valid0){
valid0 = true;
passing0 = 2;
if(props0 !== true){
props0 = true;
}
}
}
}
if(!valid0){
const err20 = {instancePath,schemaPath:"#/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
else {
errors = _errs0;
if(vErrors !== null){
if(_errs0){
vErrors.length = _errs0;
}
else {
vErrors = null;
}
}
}
validate94.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate94.evaluated = {"dynamicProps":true,"dynamicItems":false};

export const validateFileUrl = validate95;

function validate95(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate95.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.url === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "url") || (key0 === "filename"))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.url !== undefined){
let data0 = data.url;
if(typeof data0 === "string"){
if(!pattern21.test(data0)){
const err2 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/pattern",keyword:"pattern",params:{pattern: "^https?://"},message:"must match pattern \""+"^https?://"+"\""};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(!(formats12(data0))){
const err3 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\""};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.filename !== undefined){
let data1 = data.filename;
if(typeof data1 === "string"){
if(func1(data1) > 255){
const err5 = {instancePath:instancePath+"/filename",schemaPath:"#/properties/filename/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(func1(data1) < 1){
const err6 = {instancePath:instancePath+"/filename",schemaPath:"#/properties/filename/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/filename",schemaPath:"#/properties/filename/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate95.errors = vErrors;
return errors === 0;
}
validate95.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateFormat = validate96;

function validate96(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate96.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data !== "string"){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(!(((((data === "docx") || (data === "pdf")) || (data === "pptx")) || (data === "xlsx")) || (data === "artifact"))){
const err1 = {instancePath,schemaPath:"#/enum",keyword:"enum",params:{allowedValues: schema57.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate96.errors = vErrors;
return errors === 0;
}
validate96.evaluated = {"dynamicProps":false,"dynamicItems":false};

export const validateHealth = validate97;
const schema155 = {"description":"Liveness of the deployment, and what its parts say.","type":"object","additionalProperties":false,"required":["status","version","region","checks"],"properties":{"status":{"const":"ok"},"version":{"description":"Version of the running service.","type":"string"},"region":{"description":"The deployment's region.","type":"string","enum":["eu","us"]},"checks":{"description":"The parts this instance depends on.","type":"object","additionalProperties":false,"required":["database","libreoffice","sandbox"],"properties":{"database":{"$ref":"#/$defs/HealthCheck"},"libreoffice":{"$ref":"#/$defs/HealthCheck"},"sandbox":{"$ref":"#/$defs/HealthCheck"}}}}};
const schema156 = {"description":"One part's state.","type":"object","additionalProperties":false,"required":["status","detail"],"properties":{"status":{"description":"`checking`: the part is still being looked at (the first seconds after a start).","type":"string","enum":["ok","failed","missing","checking"]},"detail":{"description":"What was found: the database's kind and answer time, LibreOffice's version, whether programs can run.","type":"string"}}};

function validate97(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate97.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.status === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.version === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.region === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "region"},message:"must have required property '"+"region"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.checks === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "checks"},message:"must have required property '"+"checks"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!((((key0 === "status") || (key0 === "version")) || (key0 === "region")) || (key0 === "checks"))){
const err4 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.status !== undefined){
if("ok" !== data.status){
const err5 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/const",keyword:"const",params:{allowedValue: "ok"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.version !== undefined){
if(typeof data.version !== "string"){
const err6 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.region !== undefined){
let data2 = data.region;
if(typeof data2 !== "string"){
const err7 = {instancePath:instancePath+"/region",schemaPath:"#/properties/region/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(!((data2 === "eu") || (data2 === "us"))){
const err8 = {instancePath:instancePath+"/region",schemaPath:"#/properties/region/enum",keyword:"enum",params:{allowedValues: schema155.properties.region.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.checks !== undefined){
let data3 = data.checks;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.database === undefined){
const err9 = {instancePath:instancePath+"/checks",schemaPath:"#/properties/checks/required",keyword:"required",params:{missingProperty: "database"},message:"must have required property '"+"database"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data3.libreoffice === undefined){
const err10 = {instancePath:instancePath+"/checks",schemaPath:"#/properties/checks/required",keyword:"required",params:{missingProperty: "libreoffice"},message:"must have required property '"+"libreoffice"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data3.sandbox === undefined){
const err11 = {instancePath:instancePath+"/checks",schemaPath:"#/properties/checks/required",keyword:"required",params:{missingProperty: "sandbox"},message:"must have required property '"+"sandbox"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
for(const key1 in data3){
if(!(((key1 === "database") || (key1 === "libreoffice")) || (key1 === "sandbox"))){
const err12 = {instancePath:instancePath+"/checks",schemaPath:"#/properties/checks/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data3.database !== undefined){
let data4 = data3.database;
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
if(data4.status === undefined){
const err13 = {instancePath:instancePath+"/checks/database",schemaPath:"#/$defs/HealthCheck/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data4.detail === undefined){
const err14 = {instancePath:instancePath+"/checks/database",schemaPath:"#/$defs/HealthCheck/required",keyword:"required",params:{missingProperty: "detail"},message:"must have required property '"+"detail"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
for(const key2 in data4){
if(!((key2 === "status") || (key2 === "detail"))){
const err15 = {instancePath:instancePath+"/checks/database",schemaPath:"#/$defs/HealthCheck/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data4.status !== undefined){
let data5 = data4.status;
if(typeof data5 !== "string"){
const err16 = {instancePath:instancePath+"/checks/database/status",schemaPath:"#/$defs/HealthCheck/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(!((((data5 === "ok") || (data5 === "failed")) || (data5 === "missing")) || (data5 === "checking"))){
const err17 = {instancePath:instancePath+"/checks/database/status",schemaPath:"#/$defs/HealthCheck/properties/status/enum",keyword:"enum",params:{allowedValues: schema156.properties.status.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data4.detail !== undefined){
if(typeof data4.detail !== "string"){
const err18 = {instancePath:instancePath+"/checks/database/detail",schemaPath:"#/$defs/HealthCheck/properties/detail/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath:instancePath+"/checks/database",schemaPath:"#/$defs/HealthCheck/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data3.libreoffice !== undefined){
let data7 = data3.libreoffice;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.status === undefined){
const err20 = {instancePath:instancePath+"/checks/libreoffice",schemaPath:"#/$defs/HealthCheck/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data7.detail === undefined){
const err21 = {instancePath:instancePath+"/checks/libreoffice",schemaPath:"#/$defs/HealthCheck/required",keyword:"required",params:{missingProperty: "detail"},message:"must have required property '"+"detail"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
for(const key3 in data7){
if(!((key3 === "status") || (key3 === "detail"))){
const err22 = {instancePath:instancePath+"/checks/libreoffice",schemaPath:"#/$defs/HealthCheck/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data7.status !== undefined){
let data8 = data7.status;
if(typeof data8 !== "string"){
const err23 = {instancePath:instancePath+"/checks/libreoffice/status",schemaPath:"#/$defs/HealthCheck/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(!((((data8 === "ok") || (data8 === "failed")) || (data8 === "missing")) || (data8 === "checking"))){
const err24 = {instancePath:instancePath+"/checks/libreoffice/status",schemaPath:"#/$defs/HealthCheck/properties/status/enum",keyword:"enum",params:{allowedValues: schema156.properties.status.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data7.detail !== undefined){
if(typeof data7.detail !== "string"){
const err25 = {instancePath:instancePath+"/checks/libreoffice/detail",schemaPath:"#/$defs/HealthCheck/properties/detail/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
else {
const err26 = {instancePath:instancePath+"/checks/libreoffice",schemaPath:"#/$defs/HealthCheck/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data3.sandbox !== undefined){
let data10 = data3.sandbox;
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
if(data10.status === undefined){
const err27 = {instancePath:instancePath+"/checks/sandbox",schemaPath:"#/$defs/HealthCheck/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(data10.detail === undefined){
const err28 = {instancePath:instancePath+"/checks/sandbox",schemaPath:"#/$defs/HealthCheck/required",keyword:"required",params:{missingProperty: "detail"},message:"must have required property '"+"detail"+"'"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
for(const key4 in data10){
if(!((key4 === "status") || (key4 === "detail"))){
const err29 = {instancePath:instancePath+"/checks/sandbox",schemaPath:"#/$defs/HealthCheck/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data10.status !== undefined){
let data11 = data10.status;
if(typeof data11 !== "string"){
const err30 = {instancePath:instancePath+"/checks/sandbox/status",schemaPath:"#/$defs/HealthCheck/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(!((((data11 === "ok") || (data11 === "failed")) || (data11 === "missing")) || (data11 === "checking"))){
const err31 = {instancePath:instancePath+"/checks/sandbox/status",schemaPath:"#/$defs/HealthCheck/properties/status/enum",keyword:"enum",params:{allowedValues: schema156.properties.status.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data10.detail !== undefined){
if(typeof data10.detail !== "string"){
const err32 = {instancePath:instancePath+"/checks/sandbox/detail",schemaPath:"#/$defs/HealthCheck/properties/detail/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
else {
const err33 = {instancePath:instancePath+"/checks/sandbox",schemaPath:"#/$defs/HealthCheck/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
else {
const err34 = {instancePath:instancePath+"/checks",schemaPath:"#/properties/checks/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
else {
const err35 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
validate97.errors = vErrors;
return errors === 0;
}
validate97.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateHealthCheck = validate98;

function validate98(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate98.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.status === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.detail === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "detail"},message:"must have required property '"+"detail"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "status") || (key0 === "detail"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.status !== undefined){
let data0 = data.status;
if(typeof data0 !== "string"){
const err3 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(!((((data0 === "ok") || (data0 === "failed")) || (data0 === "missing")) || (data0 === "checking"))){
const err4 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/enum",keyword:"enum",params:{allowedValues: schema156.properties.status.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.detail !== undefined){
if(typeof data.detail !== "string"){
const err5 = {instancePath:instancePath+"/detail",schemaPath:"#/properties/detail/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
validate98.errors = vErrors;
return errors === 0;
}
validate98.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateIssueLocation = validate99;
const schema160 = {"description":"Where the issue is; empty when it concerns the whole document.","type":"object","additionalProperties":false,"properties":{"pages":{"description":"Pages (slides), from 1.","type":"array","items":{"type":"integer","minimum":1}},"sheet":{"description":"Sheet name (Excel).","type":"string"},"cells":{"description":"Cell references (Excel), e.g. `B4`.","type":"array","items":{"type":"string"}}}};

function validate99(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate99.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!(((key0 === "pages") || (key0 === "sheet")) || (key0 === "cells"))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.pages !== undefined){
let data0 = data.pages;
if(Array.isArray(data0)){
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
let data1 = data0[i0];
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err1 = {instancePath:instancePath+"/pages/" + i0,schemaPath:"#/properties/pages/items/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 1 || isNaN(data1)){
const err2 = {instancePath:instancePath+"/pages/" + i0,schemaPath:"#/properties/pages/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
}
}
else {
const err3 = {instancePath:instancePath+"/pages",schemaPath:"#/properties/pages/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.sheet !== undefined){
if(typeof data.sheet !== "string"){
const err4 = {instancePath:instancePath+"/sheet",schemaPath:"#/properties/sheet/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.cells !== undefined){
let data3 = data.cells;
if(Array.isArray(data3)){
const len1 = data3.length;
for(let i1=0; i1<len1; i1++){
if(typeof data3[i1] !== "string"){
const err5 = {instancePath:instancePath+"/cells/" + i1,schemaPath:"#/properties/cells/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath:instancePath+"/cells",schemaPath:"#/properties/cells/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
else {
const err7 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
validate99.errors = vErrors;
return errors === 0;
}
validate99.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateKeyData = validate100;
const schema161 = {"description":"One key datum found in the document.","type":"object","additionalProperties":false,"required":["value","kind","role","context"],"properties":{"value":{"description":"The value as written.","type":"string"},"kind":{"description":"Kind of datum, e.g. `amount`, `date`, `tax_id`, `bank_account`.","type":"string"},"role":{"description":"What the value is in the document, e.g. `total`, `due_date`.","type":"string"},"context":{"description":"Surrounding text.","type":"string"}}};

function validate100(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate100.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.value === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.kind === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.role === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "role"},message:"must have required property '"+"role"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.context === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "context"},message:"must have required property '"+"context"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!((((key0 === "value") || (key0 === "kind")) || (key0 === "role")) || (key0 === "context"))){
const err4 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.value !== undefined){
if(typeof data.value !== "string"){
const err5 = {instancePath:instancePath+"/value",schemaPath:"#/properties/value/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.kind !== undefined){
if(typeof data.kind !== "string"){
const err6 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.role !== undefined){
if(typeof data.role !== "string"){
const err7 = {instancePath:instancePath+"/role",schemaPath:"#/properties/role/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.context !== undefined){
if(typeof data.context !== "string"){
const err8 = {instancePath:instancePath+"/context",schemaPath:"#/properties/context/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
else {
const err9 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
validate100.errors = vErrors;
return errors === 0;
}
validate100.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateLedgerEntry = validate101;
const schema162 = {"description":"One repair attempted.","type":"object","additionalProperties":false,"required":["iteration","fix","issue_code","outcome","issues_before","issues_after","reason"],"properties":{"iteration":{"description":"Repair iteration, from 1.","type":"integer","minimum":1},"fix":{"description":"Name of the repair.","type":"string"},"issue_code":{"description":"The issue it addressed.","type":"string"},"outcome":{"description":"`applied`: kept; `rejected`: undone because it did not reduce the issues; `failed`: could not run.","type":"string","enum":["applied","rejected","failed"]},"issues_before":{"description":"Issues before the repair.","type":"integer","minimum":0},"issues_after":{"description":"Issues after the repair.","type":"integer","minimum":0},"reason":{"description":"Why it was rejected or failed; null when applied.","type":["string","null"]}}};

function validate101(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate101.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.iteration === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "iteration"},message:"must have required property '"+"iteration"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.fix === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "fix"},message:"must have required property '"+"fix"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.issue_code === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "issue_code"},message:"must have required property '"+"issue_code"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.outcome === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "outcome"},message:"must have required property '"+"outcome"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.issues_before === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "issues_before"},message:"must have required property '"+"issues_before"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.issues_after === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "issues_after"},message:"must have required property '"+"issues_after"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.reason === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "reason"},message:"must have required property '"+"reason"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
for(const key0 in data){
if(!(((((((key0 === "iteration") || (key0 === "fix")) || (key0 === "issue_code")) || (key0 === "outcome")) || (key0 === "issues_before")) || (key0 === "issues_after")) || (key0 === "reason"))){
const err7 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.iteration !== undefined){
let data0 = data.iteration;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err8 = {instancePath:instancePath+"/iteration",schemaPath:"#/properties/iteration/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if((typeof data0 == "number") && (isFinite(data0))){
if(data0 < 1 || isNaN(data0)){
const err9 = {instancePath:instancePath+"/iteration",schemaPath:"#/properties/iteration/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
if(data.fix !== undefined){
if(typeof data.fix !== "string"){
const err10 = {instancePath:instancePath+"/fix",schemaPath:"#/properties/fix/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.issue_code !== undefined){
if(typeof data.issue_code !== "string"){
const err11 = {instancePath:instancePath+"/issue_code",schemaPath:"#/properties/issue_code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.outcome !== undefined){
let data3 = data.outcome;
if(typeof data3 !== "string"){
const err12 = {instancePath:instancePath+"/outcome",schemaPath:"#/properties/outcome/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(!(((data3 === "applied") || (data3 === "rejected")) || (data3 === "failed"))){
const err13 = {instancePath:instancePath+"/outcome",schemaPath:"#/properties/outcome/enum",keyword:"enum",params:{allowedValues: schema162.properties.outcome.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.issues_before !== undefined){
let data4 = data.issues_before;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err14 = {instancePath:instancePath+"/issues_before",schemaPath:"#/properties/issues_before/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 < 0 || isNaN(data4)){
const err15 = {instancePath:instancePath+"/issues_before",schemaPath:"#/properties/issues_before/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
if(data.issues_after !== undefined){
let data5 = data.issues_after;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err16 = {instancePath:instancePath+"/issues_after",schemaPath:"#/properties/issues_after/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 < 0 || isNaN(data5)){
const err17 = {instancePath:instancePath+"/issues_after",schemaPath:"#/properties/issues_after/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
if(data.reason !== undefined){
let data6 = data.reason;
if((typeof data6 !== "string") && (data6 !== null)){
const err18 = {instancePath:instancePath+"/reason",schemaPath:"#/properties/reason/type",keyword:"type",params:{type: schema162.properties.reason.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
validate101.errors = vErrors;
return errors === 0;
}
validate101.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateMetadata = validate102;

function validate102(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate102.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(Object.keys(data).length > 50){
const err0 = {instancePath,schemaPath:"#/maxProperties",keyword:"maxProperties",params:{limit: 50},message:"must NOT have more than 50 properties"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
const _errs1 = errors;
if(typeof key0 === "string"){
if(func1(key0) > 40){
const err1 = {instancePath,schemaPath:"#/propertyNames/maxLength",keyword:"maxLength",params:{limit: 40},message:"must NOT have more than 40 characters",propertyName:key0};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(func1(key0) < 1){
const err2 = {instancePath,schemaPath:"#/propertyNames/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",propertyName:key0};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
var valid0 = _errs1 === errors;
if(!valid0){
const err3 = {instancePath,schemaPath:"#/propertyNames",keyword:"propertyNames",params:{propertyName: key0},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
for(const key1 in data){
let data0 = data[key1];
if(typeof data0 === "string"){
if(func1(data0) > 500){
const err4 = {instancePath:instancePath+"/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/additionalProperties/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
validate102.errors = vErrors;
return errors === 0;
}
validate102.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateOperation = validate103;

function validate103(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate103.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data !== "string"){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(!((((data === "create") || (data === "review")) || (data === "edit")) || (data === "extract"))){
const err1 = {instancePath,schemaPath:"#/enum",keyword:"enum",params:{allowedValues: schema56.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate103.errors = vErrors;
return errors === 0;
}
validate103.evaluated = {"dynamicProps":false,"dynamicItems":false};

export const validateOrganizationId = validate104;
const schema165 = {"description":"Organization id.","type":"string","pattern":"^org_[0-9A-HJKMNP-TV-Z]{26}$"};
const pattern40 = new RegExp("^org_[0-9A-HJKMNP-TV-Z]{26}$", "u");

function validate104(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate104.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data === "string"){
if(!pattern40.test(data)){
const err0 = {instancePath,schemaPath:"#/pattern",keyword:"pattern",params:{pattern: "^org_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^org_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate104.errors = vErrors;
return errors === 0;
}
validate104.evaluated = {"dynamicProps":false,"dynamicItems":false};

export const validateOutput = validate105;

function validate105(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate105.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.kind === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.content_type === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "content_type"},message:"must have required property '"+"content_type"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.bytes === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "bytes"},message:"must have required property '"+"bytes"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.url === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.expires_at === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "expires_at"},message:"must have required property '"+"expires_at"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
for(const key0 in data){
if(!(func7.call(schema76.properties, key0))){
const err6 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(!pattern18.test(data0)){
const err7 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/OutputId/pattern",keyword:"pattern",params:{pattern: "^out_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^out_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/OutputId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.kind !== undefined){
let data1 = data.kind;
if(typeof data1 !== "string"){
const err9 = {instancePath:instancePath+"/kind",schemaPath:"#/$defs/OutputKind/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!(((((((data1 === "docx") || (data1 === "pptx")) || (data1 === "xlsx")) || (data1 === "pdf")) || (data1 === "preview")) || (data1 === "html")) || (data1 === "md"))){
const err10 = {instancePath:instancePath+"/kind",schemaPath:"#/$defs/OutputKind/enum",keyword:"enum",params:{allowedValues: schema78.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.page !== undefined){
let data2 = data.page;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err11 = {instancePath:instancePath+"/page",schemaPath:"#/properties/page/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 < 1 || isNaN(data2)){
const err12 = {instancePath:instancePath+"/page",schemaPath:"#/properties/page/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
if(data.content_type !== undefined){
if(typeof data.content_type !== "string"){
const err13 = {instancePath:instancePath+"/content_type",schemaPath:"#/properties/content_type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.bytes !== undefined){
let data4 = data.bytes;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err14 = {instancePath:instancePath+"/bytes",schemaPath:"#/properties/bytes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 < 0 || isNaN(data4)){
const err15 = {instancePath:instancePath+"/bytes",schemaPath:"#/properties/bytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
if(data.width !== undefined){
let data5 = data.width;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err16 = {instancePath:instancePath+"/width",schemaPath:"#/properties/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 < 1 || isNaN(data5)){
const err17 = {instancePath:instancePath+"/width",schemaPath:"#/properties/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
if(data.height !== undefined){
let data6 = data.height;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
const err18 = {instancePath:instancePath+"/height",schemaPath:"#/properties/height/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 < 1 || isNaN(data6)){
const err19 = {instancePath:instancePath+"/height",schemaPath:"#/properties/height/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
if(data.url !== undefined){
let data7 = data.url;
if(typeof data7 === "string"){
if(!(formats12(data7))){
const err20 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\""};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.expires_at !== undefined){
let data8 = data.expires_at;
if((typeof data8 !== "string") && (data8 !== null)){
const err22 = {instancePath:instancePath+"/expires_at",schemaPath:"#/properties/expires_at/type",keyword:"type",params:{type: schema76.properties.expires_at.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(typeof data8 === "string"){
if(!(formats0.validate(data8))){
const err23 = {instancePath:instancePath+"/expires_at",schemaPath:"#/properties/expires_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
}
else {
const err24 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
validate105.errors = vErrors;
return errors === 0;
}
validate105.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateOutputId = validate106;

function validate106(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate106.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data === "string"){
if(!pattern18.test(data)){
const err0 = {instancePath,schemaPath:"#/pattern",keyword:"pattern",params:{pattern: "^out_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^out_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate106.errors = vErrors;
return errors === 0;
}
validate106.evaluated = {"dynamicProps":false,"dynamicItems":false};

export const validateOutputKind = validate107;

function validate107(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate107.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data !== "string"){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(!(((((((data === "docx") || (data === "pptx")) || (data === "xlsx")) || (data === "pdf")) || (data === "preview")) || (data === "html")) || (data === "md"))){
const err1 = {instancePath,schemaPath:"#/enum",keyword:"enum",params:{allowedValues: schema78.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate107.errors = vErrors;
return errors === 0;
}
validate107.evaluated = {"dynamicProps":false,"dynamicItems":false};

export const validateOutputList = validate108;
const schema171 = {"description":"Fresh download links of a document's outputs.","type":"object","additionalProperties":false,"required":["object","document_id","data"],"properties":{"object":{"const":"list"},"document_id":{"$ref":"#/$defs/DocumentId"},"data":{"type":"array","items":{"$ref":"#/$defs/Output"}}}};

function validate108(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate108.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.object === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "object"},message:"must have required property '"+"object"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.document_id === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "document_id"},message:"must have required property '"+"document_id"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.data === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "data"},message:"must have required property '"+"data"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "object") || (key0 === "document_id")) || (key0 === "data"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.object !== undefined){
if("list" !== data.object){
const err4 = {instancePath:instancePath+"/object",schemaPath:"#/properties/object/const",keyword:"const",params:{allowedValue: "list"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.document_id !== undefined){
let data1 = data.document_id;
if(typeof data1 === "string"){
if(!pattern16.test(data1)){
const err5 = {instancePath:instancePath+"/document_id",schemaPath:"#/$defs/DocumentId/pattern",keyword:"pattern",params:{pattern: "^doc_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^doc_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/document_id",schemaPath:"#/$defs/DocumentId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.data !== undefined){
let data2 = data.data;
if(Array.isArray(data2)){
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
if(!(validate44(data2[i0], {instancePath:instancePath+"/data/" + i0,parentData:data2,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate44.errors : vErrors.concat(validate44.errors);
errors = vErrors.length;
}
}
}
else {
const err7 = {instancePath:instancePath+"/data",schemaPath:"#/properties/data/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate108.errors = vErrors;
return errors === 0;
}
validate108.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateProblem = validate110;
const schema173 = {"description":"Error body (`application/problem+json`, RFC 9457). Client messages name the field and its\nvalid values; internal causes are never sent.\n","type":"object","additionalProperties":false,"required":["type","title","status","code","request_id"],"properties":{"type":{"description":"Address of the error's documentation, `{errors_url}/<code>`.","type":"string","format":"uri"},"title":{"description":"Short human-readable summary.","type":"string"},"status":{"description":"The HTTP status code.","type":"integer","minimum":400,"maximum":599},"code":{"$ref":"#/$defs/ErrorCode"},"request_id":{"$ref":"#/$defs/RequestId"},"detail":{"description":"What happened in this occurrence, in words (RFC 9457 `detail`).","type":"string"},"errors":{"description":"The offending fields (mainly with `input_invalid`).","type":"array","items":{"$ref":"#/$defs/FieldError"}}}};
const schema175 = {"description":"Id of one HTTP request, for support.","type":"string","pattern":"^req_[0-9A-HJKMNP-TV-Z]{26}$"};
const pattern44 = new RegExp("^req_[0-9A-HJKMNP-TV-Z]{26}$", "u");

function validate110(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate110.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.title === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.status === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.code === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.request_id === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "request_id"},message:"must have required property '"+"request_id"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
for(const key0 in data){
if(!(((((((key0 === "type") || (key0 === "title")) || (key0 === "status")) || (key0 === "code")) || (key0 === "request_id")) || (key0 === "detail")) || (key0 === "errors"))){
const err5 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.type !== undefined){
let data0 = data.type;
if(typeof data0 === "string"){
if(!(formats12(data0))){
const err6 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\""};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.title !== undefined){
if(typeof data.title !== "string"){
const err8 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.status !== undefined){
let data2 = data.status;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err9 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 > 599 || isNaN(data2)){
const err10 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/maximum",keyword:"maximum",params:{comparison: "<=", limit: 599},message:"must be <= 599"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data2 < 400 || isNaN(data2)){
const err11 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/minimum",keyword:"minimum",params:{comparison: ">=", limit: 400},message:"must be >= 400"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
if(data.code !== undefined){
let data3 = data.code;
if(typeof data3 !== "string"){
const err12 = {instancePath:instancePath+"/code",schemaPath:"#/$defs/ErrorCode/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(!((((((((((((((((((((((((((((data3 === "input_invalid") || (data3 === "unauthorized")) || (data3 === "insufficient_balance")) || (data3 === "session_required")) || (data3 === "region_mismatch")) || (data3 === "rate_limited")) || (data3 === "not_an_artifact")) || (data3 === "record_too_large")) || (data3 === "too_many_records")) || (data3 === "not_found")) || (data3 === "file_rejected")) || (data3 === "file_too_large")) || (data3 === "report_not_ready")) || (data3 === "content_deleted")) || (data3 === "retention_none_shared")) || (data3 === "artifact_is_local")) || (data3 === "events_expired")) || (data3 === "idempotency_key_reused")) || (data3 === "idempotency_request_in_progress")) || (data3 === "feature_unavailable")) || (data3 === "internal_error")) || (data3 === "method_not_allowed")) || (data3 === "malformed_request")) || (data3 === "unsupported_media_type")) || (data3 === "payload_too_large")) || (data3 === "headers_too_large")) || (data3 === "link_expired")) || (data3 === "overloaded"))){
const err13 = {instancePath:instancePath+"/code",schemaPath:"#/$defs/ErrorCode/enum",keyword:"enum",params:{allowedValues: schema137.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.request_id !== undefined){
let data4 = data.request_id;
if(typeof data4 === "string"){
if(!pattern44.test(data4)){
const err14 = {instancePath:instancePath+"/request_id",schemaPath:"#/$defs/RequestId/pattern",keyword:"pattern",params:{pattern: "^req_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^req_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/request_id",schemaPath:"#/$defs/RequestId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.detail !== undefined){
if(typeof data.detail !== "string"){
const err16 = {instancePath:instancePath+"/detail",schemaPath:"#/properties/detail/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.errors !== undefined){
let data6 = data.errors;
if(Array.isArray(data6)){
const len0 = data6.length;
for(let i0=0; i0<len0; i0++){
let data7 = data6[i0];
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.path === undefined){
const err17 = {instancePath:instancePath+"/errors/" + i0,schemaPath:"#/$defs/FieldError/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data7.message === undefined){
const err18 = {instancePath:instancePath+"/errors/" + i0,schemaPath:"#/$defs/FieldError/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
for(const key1 in data7){
if(!((key1 === "path") || (key1 === "message"))){
const err19 = {instancePath:instancePath+"/errors/" + i0,schemaPath:"#/$defs/FieldError/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data7.path !== undefined){
if(typeof data7.path !== "string"){
const err20 = {instancePath:instancePath+"/errors/" + i0+"/path",schemaPath:"#/$defs/FieldError/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data7.message !== undefined){
if(typeof data7.message !== "string"){
const err21 = {instancePath:instancePath+"/errors/" + i0+"/message",schemaPath:"#/$defs/FieldError/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath:instancePath+"/errors/" + i0,schemaPath:"#/$defs/FieldError/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
else {
const err23 = {instancePath:instancePath+"/errors",schemaPath:"#/properties/errors/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
else {
const err24 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
validate110.errors = vErrors;
return errors === 0;
}
validate110.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateProjectId = validate111;

function validate111(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate111.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data === "string"){
if(!pattern5.test(data)){
const err0 = {instancePath,schemaPath:"#/pattern",keyword:"pattern",params:{pattern: "^prj_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^prj_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate111.errors = vErrors;
return errors === 0;
}
validate111.evaluated = {"dynamicProps":false,"dynamicItems":false};

export const validateQuality = validate112;

function validate112(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate112.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data !== "string"){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(!((((data === "auto") || (data === "fast")) || (data === "standard")) || (data === "best"))){
const err1 = {instancePath,schemaPath:"#/enum",keyword:"enum",params:{allowedValues: schema74.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate112.errors = vErrors;
return errors === 0;
}
validate112.evaluated = {"dynamicProps":false,"dynamicItems":false};

export const validateQualityLevel = validate113;

function validate113(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate113.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data !== "string"){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(!(((data === "fast") || (data === "standard")) || (data === "best"))){
const err1 = {instancePath,schemaPath:"#/enum",keyword:"enum",params:{allowedValues: schema75.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate113.errors = vErrors;
return errors === 0;
}
validate113.evaluated = {"dynamicProps":false,"dynamicItems":false};

export const validateReadiness = validate114;
const schema180 = {"description":"Whether this instance takes requests.","type":"object","additionalProperties":false,"required":["status","detail"],"properties":{"status":{"type":"string","enum":["ready","stopping","database_unavailable"]},"detail":{"type":"string"}}};

function validate114(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate114.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.status === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.detail === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "detail"},message:"must have required property '"+"detail"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "status") || (key0 === "detail"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.status !== undefined){
let data0 = data.status;
if(typeof data0 !== "string"){
const err3 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(!(((data0 === "ready") || (data0 === "stopping")) || (data0 === "database_unavailable"))){
const err4 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/enum",keyword:"enum",params:{allowedValues: schema180.properties.status.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.detail !== undefined){
if(typeof data.detail !== "string"){
const err5 = {instancePath:instancePath+"/detail",schemaPath:"#/properties/detail/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
validate114.errors = vErrors;
return errors === 0;
}
validate114.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateRecordList = validate115;
const schema181 = {"description":"A page of a collection's records, most recent first.","type":"object","additionalProperties":false,"required":["object","collection","data","has_more","next_cursor"],"properties":{"object":{"const":"list"},"collection":{"$ref":"#/$defs/DataName"},"data":{"type":"array","items":{"$ref":"#/$defs/ArtifactRecord"}},"has_more":{"description":"Whether another page follows.","type":"boolean"},"next_cursor":{"description":"Pass as `cursor` for the next page; null on the last page.","type":["string","null"]}}};

function validate115(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate115.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.object === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "object"},message:"must have required property '"+"object"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.collection === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "collection"},message:"must have required property '"+"collection"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.data === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "data"},message:"must have required property '"+"data"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.has_more === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "has_more"},message:"must have required property '"+"has_more"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.next_cursor === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "next_cursor"},message:"must have required property '"+"next_cursor"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "object") || (key0 === "collection")) || (key0 === "data")) || (key0 === "has_more")) || (key0 === "next_cursor"))){
const err5 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.object !== undefined){
if("list" !== data.object){
const err6 = {instancePath:instancePath+"/object",schemaPath:"#/properties/object/const",keyword:"const",params:{allowedValue: "list"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.collection !== undefined){
let data1 = data.collection;
if(typeof data1 === "string"){
if(!pattern12.test(data1)){
const err7 = {instancePath:instancePath+"/collection",schemaPath:"#/$defs/DataName/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9_.-]{1,64}$"},message:"must match pattern \""+"^[A-Za-z0-9_.-]{1,64}$"+"\""};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/collection",schemaPath:"#/$defs/DataName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.data !== undefined){
let data2 = data.data;
if(Array.isArray(data2)){
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
if(!(validate27(data2[i0], {instancePath:instancePath+"/data/" + i0,parentData:data2,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate27.errors : vErrors.concat(validate27.errors);
errors = vErrors.length;
}
}
}
else {
const err9 = {instancePath:instancePath+"/data",schemaPath:"#/properties/data/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.has_more !== undefined){
if(typeof data.has_more !== "boolean"){
const err10 = {instancePath:instancePath+"/has_more",schemaPath:"#/properties/has_more/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.next_cursor !== undefined){
let data5 = data.next_cursor;
if((typeof data5 !== "string") && (data5 !== null)){
const err11 = {instancePath:instancePath+"/next_cursor",schemaPath:"#/properties/next_cursor/type",keyword:"type",params:{type: schema181.properties.next_cursor.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
else {
const err12 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
validate115.errors = vErrors;
return errors === 0;
}
validate115.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateRepairSummary = validate117;

function validate117(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate117.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.iterations === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "iterations"},message:"must have required property '"+"iterations"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.applied === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "applied"},message:"must have required property '"+"applied"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.rejected === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "rejected"},message:"must have required property '"+"rejected"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "iterations") || (key0 === "applied")) || (key0 === "rejected"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.iterations !== undefined){
let data0 = data.iterations;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err4 = {instancePath:instancePath+"/iterations",schemaPath:"#/properties/iterations/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if((typeof data0 == "number") && (isFinite(data0))){
if(data0 < 0 || isNaN(data0)){
const err5 = {instancePath:instancePath+"/iterations",schemaPath:"#/properties/iterations/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
if(data.applied !== undefined){
let data1 = data.applied;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err6 = {instancePath:instancePath+"/applied",schemaPath:"#/properties/applied/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 0 || isNaN(data1)){
const err7 = {instancePath:instancePath+"/applied",schemaPath:"#/properties/applied/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
if(data.rejected !== undefined){
let data2 = data.rejected;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err8 = {instancePath:instancePath+"/rejected",schemaPath:"#/properties/rejected/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 < 0 || isNaN(data2)){
const err9 = {instancePath:instancePath+"/rejected",schemaPath:"#/properties/rejected/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
}
else {
const err10 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
validate117.errors = vErrors;
return errors === 0;
}
validate117.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateReport = validate118;
const schema184 = {"description":"What was found, repaired and changed in a finished document.","type":"object","additionalProperties":false,"required":["document_id","issues","ledger","validation_summary","repair_summary","key_data","edits","changes","sanitized"],"properties":{"document_id":{"$ref":"#/$defs/DocumentId"},"issues":{"description":"Issues left after repairs.","type":"array","items":{"$ref":"#/$defs/ReportIssue"}},"ledger":{"description":"Every repair attempted, in order.","type":"array","items":{"$ref":"#/$defs/LedgerEntry"}},"validation_summary":{"description":"As in Document.","anyOf":[{"$ref":"#/$defs/ValidationSummary"},{"type":"null"}]},"repair_summary":{"description":"As in Document.","anyOf":[{"$ref":"#/$defs/RepairSummary"},{"type":"null"}]},"key_data":{"description":"Key data found (amounts, dates, tax ids, bank account identifiers) with their role.","type":"array","items":{"$ref":"#/$defs/KeyData"}},"edits":{"description":"Edit only; each change asked for and what became of it. Empty otherwise.","type":"array","items":{"$ref":"#/$defs/ReportEdit"}},"changes":{"description":"Changes made by the agent or by hand (versions). Empty when none.","type":"array","items":{"$ref":"#/$defs/ReportChange"}},"sanitized":{"description":"Review and edit only (null otherwise); what was neutralised in the file before opening.","anyOf":[{"$ref":"#/$defs/Sanitized"},{"type":"null"}]}}};
const schema192 = {"description":"One change asked for by an edit.","type":"object","additionalProperties":false,"required":["op","outcome","block","target","before","after","reason"],"properties":{"op":{"description":"Kind of change: `replace_text`, `replace_all`, `insert_after`, `insert_before`, `delete`, `set_cell`, `insert_row`, `move`, `add_slide`, `comment`. A `replace_all` (a phrase replaced everywhere in the file: body, tables, headers, footers, notes, slides, text cells) is listed once per occurrence it changed, with the block holding it (for a header, footer or note its part and paragraph, e.g. `header1.p2`, `footnote3`) and that paragraph's or cell's text before and after; matched exactly, case included.","type":"string"},"outcome":{"description":"What became of it: `applied`; `not_found` (the block or the text aimed at is not in the file); `ambiguous` (the text occurs in several places and the prompt does not say which: not guessed); `rejected` (the change makes no sense for that block or format; `reason` says why). `skipped` and `failed` are kept for versions made by hand.","type":"string","enum":["applied","not_found","ambiguous","rejected","skipped","failed"]},"block":{"description":"Id of the block changed; null when none.","type":["string","null"]},"target":{"description":"The text or element aimed at; null when none.","type":["string","null"]},"before":{"description":"Text before the change; null when none.","type":["string","null"]},"after":{"description":"Text after the change; null when none.","type":["string","null"]},"reason":{"description":"Why it was not applied; null when applied.","type":["string","null"]}}};
const schema193 = {"description":"One change by the agent or by hand.","type":"object","additionalProperties":false,"required":["change","before","after"],"properties":{"change":{"description":"Kind of change.","type":"string","enum":["added","changed","removed"]},"before":{"description":"Text before (empty when added).","type":"array","items":{"type":"string"}},"after":{"description":"Text after (empty when removed).","type":"array","items":{"type":"string"}}}};
const schema194 = {"description":"What was neutralised in the file before opening.","type":"object","additionalProperties":false,"required":["removed"],"properties":{"removed":{"description":"One line per thing neutralised before the file was opened: external relationships\nother than hyperlinks (linked images, attached templates, external data connections,\nremote fonts), OLE objects and ActiveX controls, DDE fields, PDF JavaScript and launch\nactions. Empty when nothing was.\n","type":"array","items":{"type":"string"}}}};
const schema186 = {"description":"One issue left in the document.","type":"object","additionalProperties":false,"required":["code","severity","category","message","fixable","location"],"properties":{"code":{"description":"Issue code, e.g. `table.overflow_width`, `content.unsupported_fact`.","type":"string","minLength":1},"severity":{"description":"How serious it is.","type":"string","enum":["error","warning","info"]},"category":{"description":"What it concerns.","type":"string","enum":["structural","content","layout","security","data","style"]},"message":{"description":"Human-readable explanation.","type":"string"},"fixable":{"description":"Whether a safe automatic repair exists.","type":"boolean"},"location":{"$ref":"#/$defs/IssueLocation"}}};

function validate119(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate119.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.code === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.severity === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "severity"},message:"must have required property '"+"severity"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.category === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "category"},message:"must have required property '"+"category"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.message === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.fixable === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "fixable"},message:"must have required property '"+"fixable"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.location === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "location"},message:"must have required property '"+"location"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
for(const key0 in data){
if(!((((((key0 === "code") || (key0 === "severity")) || (key0 === "category")) || (key0 === "message")) || (key0 === "fixable")) || (key0 === "location"))){
const err6 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.code !== undefined){
let data0 = data.code;
if(typeof data0 === "string"){
if(func1(data0) < 1){
const err7 = {instancePath:instancePath+"/code",schemaPath:"#/properties/code/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/code",schemaPath:"#/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.severity !== undefined){
let data1 = data.severity;
if(typeof data1 !== "string"){
const err9 = {instancePath:instancePath+"/severity",schemaPath:"#/properties/severity/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!(((data1 === "error") || (data1 === "warning")) || (data1 === "info"))){
const err10 = {instancePath:instancePath+"/severity",schemaPath:"#/properties/severity/enum",keyword:"enum",params:{allowedValues: schema186.properties.severity.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.category !== undefined){
let data2 = data.category;
if(typeof data2 !== "string"){
const err11 = {instancePath:instancePath+"/category",schemaPath:"#/properties/category/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(!((((((data2 === "structural") || (data2 === "content")) || (data2 === "layout")) || (data2 === "security")) || (data2 === "data")) || (data2 === "style"))){
const err12 = {instancePath:instancePath+"/category",schemaPath:"#/properties/category/enum",keyword:"enum",params:{allowedValues: schema186.properties.category.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.message !== undefined){
if(typeof data.message !== "string"){
const err13 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.fixable !== undefined){
if(typeof data.fixable !== "boolean"){
const err14 = {instancePath:instancePath+"/fixable",schemaPath:"#/properties/fixable/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.location !== undefined){
let data5 = data.location;
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
for(const key1 in data5){
if(!(((key1 === "pages") || (key1 === "sheet")) || (key1 === "cells"))){
const err15 = {instancePath:instancePath+"/location",schemaPath:"#/$defs/IssueLocation/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data5.pages !== undefined){
let data6 = data5.pages;
if(Array.isArray(data6)){
const len0 = data6.length;
for(let i0=0; i0<len0; i0++){
let data7 = data6[i0];
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
const err16 = {instancePath:instancePath+"/location/pages/" + i0,schemaPath:"#/$defs/IssueLocation/properties/pages/items/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 < 1 || isNaN(data7)){
const err17 = {instancePath:instancePath+"/location/pages/" + i0,schemaPath:"#/$defs/IssueLocation/properties/pages/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
}
else {
const err18 = {instancePath:instancePath+"/location/pages",schemaPath:"#/$defs/IssueLocation/properties/pages/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data5.sheet !== undefined){
if(typeof data5.sheet !== "string"){
const err19 = {instancePath:instancePath+"/location/sheet",schemaPath:"#/$defs/IssueLocation/properties/sheet/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data5.cells !== undefined){
let data9 = data5.cells;
if(Array.isArray(data9)){
const len1 = data9.length;
for(let i1=0; i1<len1; i1++){
if(typeof data9[i1] !== "string"){
const err20 = {instancePath:instancePath+"/location/cells/" + i1,schemaPath:"#/$defs/IssueLocation/properties/cells/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
}
else {
const err21 = {instancePath:instancePath+"/location/cells",schemaPath:"#/$defs/IssueLocation/properties/cells/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath:instancePath+"/location",schemaPath:"#/$defs/IssueLocation/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
else {
const err23 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
validate119.errors = vErrors;
return errors === 0;
}
validate119.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate118(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate118.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.document_id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "document_id"},message:"must have required property '"+"document_id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.issues === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "issues"},message:"must have required property '"+"issues"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.ledger === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "ledger"},message:"must have required property '"+"ledger"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.validation_summary === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "validation_summary"},message:"must have required property '"+"validation_summary"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.repair_summary === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "repair_summary"},message:"must have required property '"+"repair_summary"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.key_data === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "key_data"},message:"must have required property '"+"key_data"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.edits === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "edits"},message:"must have required property '"+"edits"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.changes === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "changes"},message:"must have required property '"+"changes"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.sanitized === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "sanitized"},message:"must have required property '"+"sanitized"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
for(const key0 in data){
if(!(func7.call(schema184.properties, key0))){
const err9 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.document_id !== undefined){
let data0 = data.document_id;
if(typeof data0 === "string"){
if(!pattern16.test(data0)){
const err10 = {instancePath:instancePath+"/document_id",schemaPath:"#/$defs/DocumentId/pattern",keyword:"pattern",params:{pattern: "^doc_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^doc_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/document_id",schemaPath:"#/$defs/DocumentId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.issues !== undefined){
let data1 = data.issues;
if(Array.isArray(data1)){
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
if(!(validate119(data1[i0], {instancePath:instancePath+"/issues/" + i0,parentData:data1,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate119.errors : vErrors.concat(validate119.errors);
errors = vErrors.length;
}
}
}
else {
const err12 = {instancePath:instancePath+"/issues",schemaPath:"#/properties/issues/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.ledger !== undefined){
let data3 = data.ledger;
if(Array.isArray(data3)){
const len1 = data3.length;
for(let i1=0; i1<len1; i1++){
let data4 = data3[i1];
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
if(data4.iteration === undefined){
const err13 = {instancePath:instancePath+"/ledger/" + i1,schemaPath:"#/$defs/LedgerEntry/required",keyword:"required",params:{missingProperty: "iteration"},message:"must have required property '"+"iteration"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data4.fix === undefined){
const err14 = {instancePath:instancePath+"/ledger/" + i1,schemaPath:"#/$defs/LedgerEntry/required",keyword:"required",params:{missingProperty: "fix"},message:"must have required property '"+"fix"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data4.issue_code === undefined){
const err15 = {instancePath:instancePath+"/ledger/" + i1,schemaPath:"#/$defs/LedgerEntry/required",keyword:"required",params:{missingProperty: "issue_code"},message:"must have required property '"+"issue_code"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data4.outcome === undefined){
const err16 = {instancePath:instancePath+"/ledger/" + i1,schemaPath:"#/$defs/LedgerEntry/required",keyword:"required",params:{missingProperty: "outcome"},message:"must have required property '"+"outcome"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data4.issues_before === undefined){
const err17 = {instancePath:instancePath+"/ledger/" + i1,schemaPath:"#/$defs/LedgerEntry/required",keyword:"required",params:{missingProperty: "issues_before"},message:"must have required property '"+"issues_before"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data4.issues_after === undefined){
const err18 = {instancePath:instancePath+"/ledger/" + i1,schemaPath:"#/$defs/LedgerEntry/required",keyword:"required",params:{missingProperty: "issues_after"},message:"must have required property '"+"issues_after"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(data4.reason === undefined){
const err19 = {instancePath:instancePath+"/ledger/" + i1,schemaPath:"#/$defs/LedgerEntry/required",keyword:"required",params:{missingProperty: "reason"},message:"must have required property '"+"reason"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
for(const key1 in data4){
if(!(((((((key1 === "iteration") || (key1 === "fix")) || (key1 === "issue_code")) || (key1 === "outcome")) || (key1 === "issues_before")) || (key1 === "issues_after")) || (key1 === "reason"))){
const err20 = {instancePath:instancePath+"/ledger/" + i1,schemaPath:"#/$defs/LedgerEntry/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data4.iteration !== undefined){
let data5 = data4.iteration;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err21 = {instancePath:instancePath+"/ledger/" + i1+"/iteration",schemaPath:"#/$defs/LedgerEntry/properties/iteration/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 < 1 || isNaN(data5)){
const err22 = {instancePath:instancePath+"/ledger/" + i1+"/iteration",schemaPath:"#/$defs/LedgerEntry/properties/iteration/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
if(data4.fix !== undefined){
if(typeof data4.fix !== "string"){
const err23 = {instancePath:instancePath+"/ledger/" + i1+"/fix",schemaPath:"#/$defs/LedgerEntry/properties/fix/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data4.issue_code !== undefined){
if(typeof data4.issue_code !== "string"){
const err24 = {instancePath:instancePath+"/ledger/" + i1+"/issue_code",schemaPath:"#/$defs/LedgerEntry/properties/issue_code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data4.outcome !== undefined){
let data8 = data4.outcome;
if(typeof data8 !== "string"){
const err25 = {instancePath:instancePath+"/ledger/" + i1+"/outcome",schemaPath:"#/$defs/LedgerEntry/properties/outcome/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(!(((data8 === "applied") || (data8 === "rejected")) || (data8 === "failed"))){
const err26 = {instancePath:instancePath+"/ledger/" + i1+"/outcome",schemaPath:"#/$defs/LedgerEntry/properties/outcome/enum",keyword:"enum",params:{allowedValues: schema162.properties.outcome.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data4.issues_before !== undefined){
let data9 = data4.issues_before;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
const err27 = {instancePath:instancePath+"/ledger/" + i1+"/issues_before",schemaPath:"#/$defs/LedgerEntry/properties/issues_before/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 < 0 || isNaN(data9)){
const err28 = {instancePath:instancePath+"/ledger/" + i1+"/issues_before",schemaPath:"#/$defs/LedgerEntry/properties/issues_before/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
if(data4.issues_after !== undefined){
let data10 = data4.issues_after;
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
const err29 = {instancePath:instancePath+"/ledger/" + i1+"/issues_after",schemaPath:"#/$defs/LedgerEntry/properties/issues_after/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 < 0 || isNaN(data10)){
const err30 = {instancePath:instancePath+"/ledger/" + i1+"/issues_after",schemaPath:"#/$defs/LedgerEntry/properties/issues_after/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
}
if(data4.reason !== undefined){
let data11 = data4.reason;
if((typeof data11 !== "string") && (data11 !== null)){
const err31 = {instancePath:instancePath+"/ledger/" + i1+"/reason",schemaPath:"#/$defs/LedgerEntry/properties/reason/type",keyword:"type",params:{type: schema162.properties.reason.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
}
else {
const err32 = {instancePath:instancePath+"/ledger/" + i1,schemaPath:"#/$defs/LedgerEntry/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
else {
const err33 = {instancePath:instancePath+"/ledger",schemaPath:"#/properties/ledger/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.validation_summary !== undefined){
let data12 = data.validation_summary;
const _errs29 = errors;
let valid8 = false;
const _errs30 = errors;
if(data12 && typeof data12 == "object" && !Array.isArray(data12)){
if(data12.errors === undefined){
const err34 = {instancePath:instancePath+"/validation_summary",schemaPath:"#/$defs/ValidationSummary/required",keyword:"required",params:{missingProperty: "errors"},message:"must have required property '"+"errors"+"'"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(data12.warnings === undefined){
const err35 = {instancePath:instancePath+"/validation_summary",schemaPath:"#/$defs/ValidationSummary/required",keyword:"required",params:{missingProperty: "warnings"},message:"must have required property '"+"warnings"+"'"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(data12.info === undefined){
const err36 = {instancePath:instancePath+"/validation_summary",schemaPath:"#/$defs/ValidationSummary/required",keyword:"required",params:{missingProperty: "info"},message:"must have required property '"+"info"+"'"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
for(const key2 in data12){
if(!(((key2 === "errors") || (key2 === "warnings")) || (key2 === "info"))){
const err37 = {instancePath:instancePath+"/validation_summary",schemaPath:"#/$defs/ValidationSummary/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data12.errors !== undefined){
let data13 = data12.errors;
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
const err38 = {instancePath:instancePath+"/validation_summary/errors",schemaPath:"#/$defs/ValidationSummary/properties/errors/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if((typeof data13 == "number") && (isFinite(data13))){
if(data13 < 0 || isNaN(data13)){
const err39 = {instancePath:instancePath+"/validation_summary/errors",schemaPath:"#/$defs/ValidationSummary/properties/errors/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
}
if(data12.warnings !== undefined){
let data14 = data12.warnings;
if(!(((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14))) && (isFinite(data14)))){
const err40 = {instancePath:instancePath+"/validation_summary/warnings",schemaPath:"#/$defs/ValidationSummary/properties/warnings/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
if((typeof data14 == "number") && (isFinite(data14))){
if(data14 < 0 || isNaN(data14)){
const err41 = {instancePath:instancePath+"/validation_summary/warnings",schemaPath:"#/$defs/ValidationSummary/properties/warnings/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
}
if(data12.info !== undefined){
let data15 = data12.info;
if(!(((typeof data15 == "number") && (!(data15 % 1) && !isNaN(data15))) && (isFinite(data15)))){
const err42 = {instancePath:instancePath+"/validation_summary/info",schemaPath:"#/$defs/ValidationSummary/properties/info/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
if((typeof data15 == "number") && (isFinite(data15))){
if(data15 < 0 || isNaN(data15)){
const err43 = {instancePath:instancePath+"/validation_summary/info",schemaPath:"#/$defs/ValidationSummary/properties/info/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
}
}
else {
const err44 = {instancePath:instancePath+"/validation_summary",schemaPath:"#/$defs/ValidationSummary/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
var _valid0 = _errs30 === errors;
valid8 = valid8 || _valid0;
const _errs40 = errors;
if(data12 !== null){
const err45 = {instancePath:instancePath+"/validation_summary",schemaPath:"#/properties/validation_summary/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
var _valid0 = _errs40 === errors;
valid8 = valid8 || _valid0;
if(!valid8){
const err46 = {instancePath:instancePath+"/validation_summary",schemaPath:"#/properties/validation_summary/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
else {
errors = _errs29;
if(vErrors !== null){
if(_errs29){
vErrors.length = _errs29;
}
else {
vErrors = null;
}
}
}
}
if(data.repair_summary !== undefined){
let data16 = data.repair_summary;
const _errs43 = errors;
let valid11 = false;
const _errs44 = errors;
if(data16 && typeof data16 == "object" && !Array.isArray(data16)){
if(data16.iterations === undefined){
const err47 = {instancePath:instancePath+"/repair_summary",schemaPath:"#/$defs/RepairSummary/required",keyword:"required",params:{missingProperty: "iterations"},message:"must have required property '"+"iterations"+"'"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
if(data16.applied === undefined){
const err48 = {instancePath:instancePath+"/repair_summary",schemaPath:"#/$defs/RepairSummary/required",keyword:"required",params:{missingProperty: "applied"},message:"must have required property '"+"applied"+"'"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if(data16.rejected === undefined){
const err49 = {instancePath:instancePath+"/repair_summary",schemaPath:"#/$defs/RepairSummary/required",keyword:"required",params:{missingProperty: "rejected"},message:"must have required property '"+"rejected"+"'"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
for(const key3 in data16){
if(!(((key3 === "iterations") || (key3 === "applied")) || (key3 === "rejected"))){
const err50 = {instancePath:instancePath+"/repair_summary",schemaPath:"#/$defs/RepairSummary/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data16.iterations !== undefined){
let data17 = data16.iterations;
if(!(((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17))) && (isFinite(data17)))){
const err51 = {instancePath:instancePath+"/repair_summary/iterations",schemaPath:"#/$defs/RepairSummary/properties/iterations/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
if((typeof data17 == "number") && (isFinite(data17))){
if(data17 < 0 || isNaN(data17)){
const err52 = {instancePath:instancePath+"/repair_summary/iterations",schemaPath:"#/$defs/RepairSummary/properties/iterations/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
}
if(data16.applied !== undefined){
let data18 = data16.applied;
if(!(((typeof data18 == "number") && (!(data18 % 1) && !isNaN(data18))) && (isFinite(data18)))){
const err53 = {instancePath:instancePath+"/repair_summary/applied",schemaPath:"#/$defs/RepairSummary/properties/applied/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
if((typeof data18 == "number") && (isFinite(data18))){
if(data18 < 0 || isNaN(data18)){
const err54 = {instancePath:instancePath+"/repair_summary/applied",schemaPath:"#/$defs/RepairSummary/properties/applied/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
}
if(data16.rejected !== undefined){
let data19 = data16.rejected;
if(!(((typeof data19 == "number") && (!(data19 % 1) && !isNaN(data19))) && (isFinite(data19)))){
const err55 = {instancePath:instancePath+"/repair_summary/rejected",schemaPath:"#/$defs/RepairSummary/properties/rejected/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
if((typeof data19 == "number") && (isFinite(data19))){
if(data19 < 0 || isNaN(data19)){
const err56 = {instancePath:instancePath+"/repair_summary/rejected",schemaPath:"#/$defs/RepairSummary/properties/rejected/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
}
}
else {
const err57 = {instancePath:instancePath+"/repair_summary",schemaPath:"#/$defs/RepairSummary/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
var _valid1 = _errs44 === errors;
valid11 = valid11 || _valid1;
const _errs54 = errors;
if(data16 !== null){
const err58 = {instancePath:instancePath+"/repair_summary",schemaPath:"#/properties/repair_summary/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
var _valid1 = _errs54 === errors;
valid11 = valid11 || _valid1;
if(!valid11){
const err59 = {instancePath:instancePath+"/repair_summary",schemaPath:"#/properties/repair_summary/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
else {
errors = _errs43;
if(vErrors !== null){
if(_errs43){
vErrors.length = _errs43;
}
else {
vErrors = null;
}
}
}
}
if(data.key_data !== undefined){
let data20 = data.key_data;
if(Array.isArray(data20)){
const len2 = data20.length;
for(let i2=0; i2<len2; i2++){
let data21 = data20[i2];
if(data21 && typeof data21 == "object" && !Array.isArray(data21)){
if(data21.value === undefined){
const err60 = {instancePath:instancePath+"/key_data/" + i2,schemaPath:"#/$defs/KeyData/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
if(data21.kind === undefined){
const err61 = {instancePath:instancePath+"/key_data/" + i2,schemaPath:"#/$defs/KeyData/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
if(data21.role === undefined){
const err62 = {instancePath:instancePath+"/key_data/" + i2,schemaPath:"#/$defs/KeyData/required",keyword:"required",params:{missingProperty: "role"},message:"must have required property '"+"role"+"'"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
if(data21.context === undefined){
const err63 = {instancePath:instancePath+"/key_data/" + i2,schemaPath:"#/$defs/KeyData/required",keyword:"required",params:{missingProperty: "context"},message:"must have required property '"+"context"+"'"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
for(const key4 in data21){
if(!((((key4 === "value") || (key4 === "kind")) || (key4 === "role")) || (key4 === "context"))){
const err64 = {instancePath:instancePath+"/key_data/" + i2,schemaPath:"#/$defs/KeyData/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
if(data21.value !== undefined){
if(typeof data21.value !== "string"){
const err65 = {instancePath:instancePath+"/key_data/" + i2+"/value",schemaPath:"#/$defs/KeyData/properties/value/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
if(data21.kind !== undefined){
if(typeof data21.kind !== "string"){
const err66 = {instancePath:instancePath+"/key_data/" + i2+"/kind",schemaPath:"#/$defs/KeyData/properties/kind/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
if(data21.role !== undefined){
if(typeof data21.role !== "string"){
const err67 = {instancePath:instancePath+"/key_data/" + i2+"/role",schemaPath:"#/$defs/KeyData/properties/role/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
if(data21.context !== undefined){
if(typeof data21.context !== "string"){
const err68 = {instancePath:instancePath+"/key_data/" + i2+"/context",schemaPath:"#/$defs/KeyData/properties/context/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
}
else {
const err69 = {instancePath:instancePath+"/key_data/" + i2,schemaPath:"#/$defs/KeyData/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
}
else {
const err70 = {instancePath:instancePath+"/key_data",schemaPath:"#/properties/key_data/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
if(data.edits !== undefined){
let data26 = data.edits;
if(Array.isArray(data26)){
const len3 = data26.length;
for(let i3=0; i3<len3; i3++){
let data27 = data26[i3];
if(data27 && typeof data27 == "object" && !Array.isArray(data27)){
if(data27.op === undefined){
const err71 = {instancePath:instancePath+"/edits/" + i3,schemaPath:"#/$defs/ReportEdit/required",keyword:"required",params:{missingProperty: "op"},message:"must have required property '"+"op"+"'"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
if(data27.outcome === undefined){
const err72 = {instancePath:instancePath+"/edits/" + i3,schemaPath:"#/$defs/ReportEdit/required",keyword:"required",params:{missingProperty: "outcome"},message:"must have required property '"+"outcome"+"'"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
if(data27.block === undefined){
const err73 = {instancePath:instancePath+"/edits/" + i3,schemaPath:"#/$defs/ReportEdit/required",keyword:"required",params:{missingProperty: "block"},message:"must have required property '"+"block"+"'"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
if(data27.target === undefined){
const err74 = {instancePath:instancePath+"/edits/" + i3,schemaPath:"#/$defs/ReportEdit/required",keyword:"required",params:{missingProperty: "target"},message:"must have required property '"+"target"+"'"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
if(data27.before === undefined){
const err75 = {instancePath:instancePath+"/edits/" + i3,schemaPath:"#/$defs/ReportEdit/required",keyword:"required",params:{missingProperty: "before"},message:"must have required property '"+"before"+"'"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
if(data27.after === undefined){
const err76 = {instancePath:instancePath+"/edits/" + i3,schemaPath:"#/$defs/ReportEdit/required",keyword:"required",params:{missingProperty: "after"},message:"must have required property '"+"after"+"'"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
if(data27.reason === undefined){
const err77 = {instancePath:instancePath+"/edits/" + i3,schemaPath:"#/$defs/ReportEdit/required",keyword:"required",params:{missingProperty: "reason"},message:"must have required property '"+"reason"+"'"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
for(const key5 in data27){
if(!(((((((key5 === "op") || (key5 === "outcome")) || (key5 === "block")) || (key5 === "target")) || (key5 === "before")) || (key5 === "after")) || (key5 === "reason"))){
const err78 = {instancePath:instancePath+"/edits/" + i3,schemaPath:"#/$defs/ReportEdit/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
if(data27.op !== undefined){
if(typeof data27.op !== "string"){
const err79 = {instancePath:instancePath+"/edits/" + i3+"/op",schemaPath:"#/$defs/ReportEdit/properties/op/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
}
if(data27.outcome !== undefined){
let data29 = data27.outcome;
if(typeof data29 !== "string"){
const err80 = {instancePath:instancePath+"/edits/" + i3+"/outcome",schemaPath:"#/$defs/ReportEdit/properties/outcome/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
if(!((((((data29 === "applied") || (data29 === "not_found")) || (data29 === "ambiguous")) || (data29 === "rejected")) || (data29 === "skipped")) || (data29 === "failed"))){
const err81 = {instancePath:instancePath+"/edits/" + i3+"/outcome",schemaPath:"#/$defs/ReportEdit/properties/outcome/enum",keyword:"enum",params:{allowedValues: schema192.properties.outcome.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
}
if(data27.block !== undefined){
let data30 = data27.block;
if((typeof data30 !== "string") && (data30 !== null)){
const err82 = {instancePath:instancePath+"/edits/" + i3+"/block",schemaPath:"#/$defs/ReportEdit/properties/block/type",keyword:"type",params:{type: schema192.properties.block.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
if(data27.target !== undefined){
let data31 = data27.target;
if((typeof data31 !== "string") && (data31 !== null)){
const err83 = {instancePath:instancePath+"/edits/" + i3+"/target",schemaPath:"#/$defs/ReportEdit/properties/target/type",keyword:"type",params:{type: schema192.properties.target.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
}
if(data27.before !== undefined){
let data32 = data27.before;
if((typeof data32 !== "string") && (data32 !== null)){
const err84 = {instancePath:instancePath+"/edits/" + i3+"/before",schemaPath:"#/$defs/ReportEdit/properties/before/type",keyword:"type",params:{type: schema192.properties.before.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
}
if(data27.after !== undefined){
let data33 = data27.after;
if((typeof data33 !== "string") && (data33 !== null)){
const err85 = {instancePath:instancePath+"/edits/" + i3+"/after",schemaPath:"#/$defs/ReportEdit/properties/after/type",keyword:"type",params:{type: schema192.properties.after.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
}
if(data27.reason !== undefined){
let data34 = data27.reason;
if((typeof data34 !== "string") && (data34 !== null)){
const err86 = {instancePath:instancePath+"/edits/" + i3+"/reason",schemaPath:"#/$defs/ReportEdit/properties/reason/type",keyword:"type",params:{type: schema192.properties.reason.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
}
}
else {
const err87 = {instancePath:instancePath+"/edits/" + i3,schemaPath:"#/$defs/ReportEdit/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
}
}
else {
const err88 = {instancePath:instancePath+"/edits",schemaPath:"#/properties/edits/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
}
if(data.changes !== undefined){
let data35 = data.changes;
if(Array.isArray(data35)){
const len4 = data35.length;
for(let i4=0; i4<len4; i4++){
let data36 = data35[i4];
if(data36 && typeof data36 == "object" && !Array.isArray(data36)){
if(data36.change === undefined){
const err89 = {instancePath:instancePath+"/changes/" + i4,schemaPath:"#/$defs/ReportChange/required",keyword:"required",params:{missingProperty: "change"},message:"must have required property '"+"change"+"'"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
if(data36.before === undefined){
const err90 = {instancePath:instancePath+"/changes/" + i4,schemaPath:"#/$defs/ReportChange/required",keyword:"required",params:{missingProperty: "before"},message:"must have required property '"+"before"+"'"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
if(data36.after === undefined){
const err91 = {instancePath:instancePath+"/changes/" + i4,schemaPath:"#/$defs/ReportChange/required",keyword:"required",params:{missingProperty: "after"},message:"must have required property '"+"after"+"'"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
for(const key6 in data36){
if(!(((key6 === "change") || (key6 === "before")) || (key6 === "after"))){
const err92 = {instancePath:instancePath+"/changes/" + i4,schemaPath:"#/$defs/ReportChange/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
}
if(data36.change !== undefined){
let data37 = data36.change;
if(typeof data37 !== "string"){
const err93 = {instancePath:instancePath+"/changes/" + i4+"/change",schemaPath:"#/$defs/ReportChange/properties/change/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
if(!(((data37 === "added") || (data37 === "changed")) || (data37 === "removed"))){
const err94 = {instancePath:instancePath+"/changes/" + i4+"/change",schemaPath:"#/$defs/ReportChange/properties/change/enum",keyword:"enum",params:{allowedValues: schema193.properties.change.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
}
if(data36.before !== undefined){
let data38 = data36.before;
if(Array.isArray(data38)){
const len5 = data38.length;
for(let i5=0; i5<len5; i5++){
if(typeof data38[i5] !== "string"){
const err95 = {instancePath:instancePath+"/changes/" + i4+"/before/" + i5,schemaPath:"#/$defs/ReportChange/properties/before/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
}
}
else {
const err96 = {instancePath:instancePath+"/changes/" + i4+"/before",schemaPath:"#/$defs/ReportChange/properties/before/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
}
if(data36.after !== undefined){
let data40 = data36.after;
if(Array.isArray(data40)){
const len6 = data40.length;
for(let i6=0; i6<len6; i6++){
if(typeof data40[i6] !== "string"){
const err97 = {instancePath:instancePath+"/changes/" + i4+"/after/" + i6,schemaPath:"#/$defs/ReportChange/properties/after/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
}
}
else {
const err98 = {instancePath:instancePath+"/changes/" + i4+"/after",schemaPath:"#/$defs/ReportChange/properties/after/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
}
}
else {
const err99 = {instancePath:instancePath+"/changes/" + i4,schemaPath:"#/$defs/ReportChange/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
}
}
else {
const err100 = {instancePath:instancePath+"/changes",schemaPath:"#/properties/changes/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
}
if(data.sanitized !== undefined){
let data42 = data.sanitized;
const _errs107 = errors;
let valid30 = false;
const _errs108 = errors;
if(data42 && typeof data42 == "object" && !Array.isArray(data42)){
if(data42.removed === undefined){
const err101 = {instancePath:instancePath+"/sanitized",schemaPath:"#/$defs/Sanitized/required",keyword:"required",params:{missingProperty: "removed"},message:"must have required property '"+"removed"+"'"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
for(const key7 in data42){
if(!(key7 === "removed")){
const err102 = {instancePath:instancePath+"/sanitized",schemaPath:"#/$defs/Sanitized/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
}
if(data42.removed !== undefined){
let data43 = data42.removed;
if(Array.isArray(data43)){
const len7 = data43.length;
for(let i7=0; i7<len7; i7++){
if(typeof data43[i7] !== "string"){
const err103 = {instancePath:instancePath+"/sanitized/removed/" + i7,schemaPath:"#/$defs/Sanitized/properties/removed/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
}
}
}
else {
const err104 = {instancePath:instancePath+"/sanitized/removed",schemaPath:"#/$defs/Sanitized/properties/removed/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
}
}
else {
const err105 = {instancePath:instancePath+"/sanitized",schemaPath:"#/$defs/Sanitized/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err105];
}
else {
vErrors.push(err105);
}
errors++;
}
var _valid2 = _errs108 === errors;
valid30 = valid30 || _valid2;
const _errs116 = errors;
if(data42 !== null){
const err106 = {instancePath:instancePath+"/sanitized",schemaPath:"#/properties/sanitized/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
var _valid2 = _errs116 === errors;
valid30 = valid30 || _valid2;
if(!valid30){
const err107 = {instancePath:instancePath+"/sanitized",schemaPath:"#/properties/sanitized/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
else {
errors = _errs107;
if(vErrors !== null){
if(_errs107){
vErrors.length = _errs107;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err108 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err108];
}
else {
vErrors.push(err108);
}
errors++;
}
validate118.errors = vErrors;
return errors === 0;
}
validate118.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateReportChange = validate121;

function validate121(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate121.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.change === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "change"},message:"must have required property '"+"change"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.before === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "before"},message:"must have required property '"+"before"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.after === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "after"},message:"must have required property '"+"after"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "change") || (key0 === "before")) || (key0 === "after"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.change !== undefined){
let data0 = data.change;
if(typeof data0 !== "string"){
const err4 = {instancePath:instancePath+"/change",schemaPath:"#/properties/change/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(!(((data0 === "added") || (data0 === "changed")) || (data0 === "removed"))){
const err5 = {instancePath:instancePath+"/change",schemaPath:"#/properties/change/enum",keyword:"enum",params:{allowedValues: schema193.properties.change.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.before !== undefined){
let data1 = data.before;
if(Array.isArray(data1)){
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
if(typeof data1[i0] !== "string"){
const err6 = {instancePath:instancePath+"/before/" + i0,schemaPath:"#/properties/before/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
else {
const err7 = {instancePath:instancePath+"/before",schemaPath:"#/properties/before/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.after !== undefined){
let data3 = data.after;
if(Array.isArray(data3)){
const len1 = data3.length;
for(let i1=0; i1<len1; i1++){
if(typeof data3[i1] !== "string"){
const err8 = {instancePath:instancePath+"/after/" + i1,schemaPath:"#/properties/after/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
else {
const err9 = {instancePath:instancePath+"/after",schemaPath:"#/properties/after/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
else {
const err10 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
validate121.errors = vErrors;
return errors === 0;
}
validate121.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateReportEdit = validate122;

function validate122(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate122.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.op === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "op"},message:"must have required property '"+"op"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.outcome === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "outcome"},message:"must have required property '"+"outcome"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.block === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "block"},message:"must have required property '"+"block"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.target === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "target"},message:"must have required property '"+"target"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.before === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "before"},message:"must have required property '"+"before"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.after === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "after"},message:"must have required property '"+"after"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.reason === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "reason"},message:"must have required property '"+"reason"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
for(const key0 in data){
if(!(((((((key0 === "op") || (key0 === "outcome")) || (key0 === "block")) || (key0 === "target")) || (key0 === "before")) || (key0 === "after")) || (key0 === "reason"))){
const err7 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.op !== undefined){
if(typeof data.op !== "string"){
const err8 = {instancePath:instancePath+"/op",schemaPath:"#/properties/op/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.outcome !== undefined){
let data1 = data.outcome;
if(typeof data1 !== "string"){
const err9 = {instancePath:instancePath+"/outcome",schemaPath:"#/properties/outcome/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!((((((data1 === "applied") || (data1 === "not_found")) || (data1 === "ambiguous")) || (data1 === "rejected")) || (data1 === "skipped")) || (data1 === "failed"))){
const err10 = {instancePath:instancePath+"/outcome",schemaPath:"#/properties/outcome/enum",keyword:"enum",params:{allowedValues: schema192.properties.outcome.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.block !== undefined){
let data2 = data.block;
if((typeof data2 !== "string") && (data2 !== null)){
const err11 = {instancePath:instancePath+"/block",schemaPath:"#/properties/block/type",keyword:"type",params:{type: schema192.properties.block.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.target !== undefined){
let data3 = data.target;
if((typeof data3 !== "string") && (data3 !== null)){
const err12 = {instancePath:instancePath+"/target",schemaPath:"#/properties/target/type",keyword:"type",params:{type: schema192.properties.target.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.before !== undefined){
let data4 = data.before;
if((typeof data4 !== "string") && (data4 !== null)){
const err13 = {instancePath:instancePath+"/before",schemaPath:"#/properties/before/type",keyword:"type",params:{type: schema192.properties.before.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.after !== undefined){
let data5 = data.after;
if((typeof data5 !== "string") && (data5 !== null)){
const err14 = {instancePath:instancePath+"/after",schemaPath:"#/properties/after/type",keyword:"type",params:{type: schema192.properties.after.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.reason !== undefined){
let data6 = data.reason;
if((typeof data6 !== "string") && (data6 !== null)){
const err15 = {instancePath:instancePath+"/reason",schemaPath:"#/properties/reason/type",keyword:"type",params:{type: schema192.properties.reason.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
else {
const err16 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
validate122.errors = vErrors;
return errors === 0;
}
validate122.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateReportIssue = validate123;

function validate123(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate123.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.code === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.severity === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "severity"},message:"must have required property '"+"severity"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.category === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "category"},message:"must have required property '"+"category"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.message === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.fixable === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "fixable"},message:"must have required property '"+"fixable"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.location === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "location"},message:"must have required property '"+"location"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
for(const key0 in data){
if(!((((((key0 === "code") || (key0 === "severity")) || (key0 === "category")) || (key0 === "message")) || (key0 === "fixable")) || (key0 === "location"))){
const err6 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.code !== undefined){
let data0 = data.code;
if(typeof data0 === "string"){
if(func1(data0) < 1){
const err7 = {instancePath:instancePath+"/code",schemaPath:"#/properties/code/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/code",schemaPath:"#/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.severity !== undefined){
let data1 = data.severity;
if(typeof data1 !== "string"){
const err9 = {instancePath:instancePath+"/severity",schemaPath:"#/properties/severity/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!(((data1 === "error") || (data1 === "warning")) || (data1 === "info"))){
const err10 = {instancePath:instancePath+"/severity",schemaPath:"#/properties/severity/enum",keyword:"enum",params:{allowedValues: schema186.properties.severity.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.category !== undefined){
let data2 = data.category;
if(typeof data2 !== "string"){
const err11 = {instancePath:instancePath+"/category",schemaPath:"#/properties/category/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(!((((((data2 === "structural") || (data2 === "content")) || (data2 === "layout")) || (data2 === "security")) || (data2 === "data")) || (data2 === "style"))){
const err12 = {instancePath:instancePath+"/category",schemaPath:"#/properties/category/enum",keyword:"enum",params:{allowedValues: schema186.properties.category.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.message !== undefined){
if(typeof data.message !== "string"){
const err13 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.fixable !== undefined){
if(typeof data.fixable !== "boolean"){
const err14 = {instancePath:instancePath+"/fixable",schemaPath:"#/properties/fixable/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.location !== undefined){
let data5 = data.location;
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
for(const key1 in data5){
if(!(((key1 === "pages") || (key1 === "sheet")) || (key1 === "cells"))){
const err15 = {instancePath:instancePath+"/location",schemaPath:"#/$defs/IssueLocation/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data5.pages !== undefined){
let data6 = data5.pages;
if(Array.isArray(data6)){
const len0 = data6.length;
for(let i0=0; i0<len0; i0++){
let data7 = data6[i0];
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
const err16 = {instancePath:instancePath+"/location/pages/" + i0,schemaPath:"#/$defs/IssueLocation/properties/pages/items/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 < 1 || isNaN(data7)){
const err17 = {instancePath:instancePath+"/location/pages/" + i0,schemaPath:"#/$defs/IssueLocation/properties/pages/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
}
else {
const err18 = {instancePath:instancePath+"/location/pages",schemaPath:"#/$defs/IssueLocation/properties/pages/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data5.sheet !== undefined){
if(typeof data5.sheet !== "string"){
const err19 = {instancePath:instancePath+"/location/sheet",schemaPath:"#/$defs/IssueLocation/properties/sheet/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data5.cells !== undefined){
let data9 = data5.cells;
if(Array.isArray(data9)){
const len1 = data9.length;
for(let i1=0; i1<len1; i1++){
if(typeof data9[i1] !== "string"){
const err20 = {instancePath:instancePath+"/location/cells/" + i1,schemaPath:"#/$defs/IssueLocation/properties/cells/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
}
else {
const err21 = {instancePath:instancePath+"/location/cells",schemaPath:"#/$defs/IssueLocation/properties/cells/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath:instancePath+"/location",schemaPath:"#/$defs/IssueLocation/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
else {
const err23 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
validate123.errors = vErrors;
return errors === 0;
}
validate123.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateRequestId = validate124;

function validate124(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate124.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data === "string"){
if(!pattern44.test(data)){
const err0 = {instancePath,schemaPath:"#/pattern",keyword:"pattern",params:{pattern: "^req_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^req_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate124.errors = vErrors;
return errors === 0;
}
validate124.evaluated = {"dynamicProps":false,"dynamicItems":false};

export const validateRetention = validate125;

function validate125(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate125.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data !== "string"){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(!(((((data === "none") || (data === "1d")) || (data === "7d")) || (data === "30d")) || (data === "90d"))){
const err1 = {instancePath,schemaPath:"#/enum",keyword:"enum",params:{allowedValues: schema71.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate125.errors = vErrors;
return errors === 0;
}
validate125.evaluated = {"dynamicProps":false,"dynamicItems":false};

export const validateRoute = validate126;

function validate126(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate126.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.path === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.reason === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "reason"},message:"must have required property '"+"reason"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "path") || (key0 === "reason"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.path !== undefined){
let data0 = data.path;
if(typeof data0 !== "string"){
const err3 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(!((data0 === "fast") || (data0 === "agent"))){
const err4 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/enum",keyword:"enum",params:{allowedValues: schema72.properties.path.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.reason !== undefined){
if(typeof data.reason !== "string"){
const err5 = {instancePath:instancePath+"/reason",schemaPath:"#/properties/reason/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
validate126.errors = vErrors;
return errors === 0;
}
validate126.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateSanitized = validate127;

function validate127(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate127.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.removed === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "removed"},message:"must have required property '"+"removed"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(key0 === "removed")){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.removed !== undefined){
let data0 = data.removed;
if(Array.isArray(data0)){
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
if(typeof data0[i0] !== "string"){
const err2 = {instancePath:instancePath+"/removed/" + i0,schemaPath:"#/properties/removed/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
}
else {
const err3 = {instancePath:instancePath+"/removed",schemaPath:"#/properties/removed/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
else {
const err4 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
validate127.errors = vErrors;
return errors === 0;
}
validate127.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateStyleApplied = validate128;

function validate128(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate128.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.font === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "font"},message:"must have required property '"+"font"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.font_size === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "font_size"},message:"must have required property '"+"font_size"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.line_spacing === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "line_spacing"},message:"must have required property '"+"line_spacing"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.colors === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "colors"},message:"must have required property '"+"colors"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.align === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "align"},message:"must have required property '"+"align"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.margins_cm === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "margins_cm"},message:"must have required property '"+"margins_cm"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.orientation === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "orientation"},message:"must have required property '"+"orientation"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.cover_page === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "cover_page"},message:"must have required property '"+"cover_page"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.table_of_contents === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "table_of_contents"},message:"must have required property '"+"table_of_contents"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.page_numbers === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "page_numbers"},message:"must have required property '"+"page_numbers"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
for(const key0 in data){
if(!(func7.call(schema61.properties, key0))){
const err10 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.font !== undefined){
if(typeof data.font !== "string"){
const err11 = {instancePath:instancePath+"/font",schemaPath:"#/properties/font/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.font_size !== undefined){
let data1 = data.font_size;
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 <= 0 || isNaN(data1)){
const err12 = {instancePath:instancePath+"/font_size",schemaPath:"#/properties/font_size/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/font_size",schemaPath:"#/properties/font_size/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.line_spacing !== undefined){
let data2 = data.line_spacing;
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 <= 0 || isNaN(data2)){
const err14 = {instancePath:instancePath+"/line_spacing",schemaPath:"#/properties/line_spacing/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/line_spacing",schemaPath:"#/properties/line_spacing/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.colors !== undefined){
let data3 = data.colors;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.title === undefined){
const err16 = {instancePath:instancePath+"/colors",schemaPath:"#/properties/colors/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data3.headings === undefined){
const err17 = {instancePath:instancePath+"/colors",schemaPath:"#/properties/colors/required",keyword:"required",params:{missingProperty: "headings"},message:"must have required property '"+"headings"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data3.text === undefined){
const err18 = {instancePath:instancePath+"/colors",schemaPath:"#/properties/colors/required",keyword:"required",params:{missingProperty: "text"},message:"must have required property '"+"text"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(data3.accent === undefined){
const err19 = {instancePath:instancePath+"/colors",schemaPath:"#/properties/colors/required",keyword:"required",params:{missingProperty: "accent"},message:"must have required property '"+"accent"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
for(const key1 in data3){
if(!((((key1 === "title") || (key1 === "headings")) || (key1 === "text")) || (key1 === "accent"))){
const err20 = {instancePath:instancePath+"/colors",schemaPath:"#/properties/colors/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data3.title !== undefined){
if(typeof data3.title !== "string"){
const err21 = {instancePath:instancePath+"/colors/title",schemaPath:"#/properties/colors/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data3.headings !== undefined){
if(typeof data3.headings !== "string"){
const err22 = {instancePath:instancePath+"/colors/headings",schemaPath:"#/properties/colors/properties/headings/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data3.text !== undefined){
if(typeof data3.text !== "string"){
const err23 = {instancePath:instancePath+"/colors/text",schemaPath:"#/properties/colors/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data3.accent !== undefined){
if(typeof data3.accent !== "string"){
const err24 = {instancePath:instancePath+"/colors/accent",schemaPath:"#/properties/colors/properties/accent/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
else {
const err25 = {instancePath:instancePath+"/colors",schemaPath:"#/properties/colors/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.align !== undefined){
let data8 = data.align;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.title === undefined){
const err26 = {instancePath:instancePath+"/align",schemaPath:"#/properties/align/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(data8.headings === undefined){
const err27 = {instancePath:instancePath+"/align",schemaPath:"#/properties/align/required",keyword:"required",params:{missingProperty: "headings"},message:"must have required property '"+"headings"+"'"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(data8.body === undefined){
const err28 = {instancePath:instancePath+"/align",schemaPath:"#/properties/align/required",keyword:"required",params:{missingProperty: "body"},message:"must have required property '"+"body"+"'"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
for(const key2 in data8){
if(!(((key2 === "title") || (key2 === "headings")) || (key2 === "body"))){
const err29 = {instancePath:instancePath+"/align",schemaPath:"#/properties/align/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data8.title !== undefined){
let data9 = data8.title;
if(typeof data9 !== "string"){
const err30 = {instancePath:instancePath+"/align/title",schemaPath:"#/$defs/Alignment/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(!((((data9 === "left") || (data9 === "center")) || (data9 === "right")) || (data9 === "justify"))){
const err31 = {instancePath:instancePath+"/align/title",schemaPath:"#/$defs/Alignment/enum",keyword:"enum",params:{allowedValues: schema32.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data8.headings !== undefined){
let data10 = data8.headings;
if(typeof data10 !== "string"){
const err32 = {instancePath:instancePath+"/align/headings",schemaPath:"#/$defs/Alignment/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if(!((((data10 === "left") || (data10 === "center")) || (data10 === "right")) || (data10 === "justify"))){
const err33 = {instancePath:instancePath+"/align/headings",schemaPath:"#/$defs/Alignment/enum",keyword:"enum",params:{allowedValues: schema32.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data8.body !== undefined){
let data11 = data8.body;
if(typeof data11 !== "string"){
const err34 = {instancePath:instancePath+"/align/body",schemaPath:"#/$defs/Alignment/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(!((((data11 === "left") || (data11 === "center")) || (data11 === "right")) || (data11 === "justify"))){
const err35 = {instancePath:instancePath+"/align/body",schemaPath:"#/$defs/Alignment/enum",keyword:"enum",params:{allowedValues: schema32.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
}
else {
const err36 = {instancePath:instancePath+"/align",schemaPath:"#/properties/align/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data.margins_cm !== undefined){
let data12 = data.margins_cm;
if((typeof data12 == "number") && (isFinite(data12))){
if(data12 < 0 || isNaN(data12)){
const err37 = {instancePath:instancePath+"/margins_cm",schemaPath:"#/properties/margins_cm/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
else {
const err38 = {instancePath:instancePath+"/margins_cm",schemaPath:"#/properties/margins_cm/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data.orientation !== undefined){
let data13 = data.orientation;
if(typeof data13 !== "string"){
const err39 = {instancePath:instancePath+"/orientation",schemaPath:"#/properties/orientation/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if(!((data13 === "portrait") || (data13 === "landscape"))){
const err40 = {instancePath:instancePath+"/orientation",schemaPath:"#/properties/orientation/enum",keyword:"enum",params:{allowedValues: schema61.properties.orientation.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data.cover_page !== undefined){
if(typeof data.cover_page !== "boolean"){
const err41 = {instancePath:instancePath+"/cover_page",schemaPath:"#/properties/cover_page/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data.table_of_contents !== undefined){
if(typeof data.table_of_contents !== "boolean"){
const err42 = {instancePath:instancePath+"/table_of_contents",schemaPath:"#/properties/table_of_contents/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data.page_numbers !== undefined){
if(typeof data.page_numbers !== "boolean"){
const err43 = {instancePath:instancePath+"/page_numbers",schemaPath:"#/properties/page_numbers/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data.page_numbers_position !== undefined){
let data17 = data.page_numbers_position;
if(typeof data17 !== "string"){
const err44 = {instancePath:instancePath+"/page_numbers_position",schemaPath:"#/properties/page_numbers_position/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if(!((((((data17 === "bottom-center") || (data17 === "bottom-left")) || (data17 === "bottom-right")) || (data17 === "top-center")) || (data17 === "top-left")) || (data17 === "top-right"))){
const err45 = {instancePath:instancePath+"/page_numbers_position",schemaPath:"#/properties/page_numbers_position/enum",keyword:"enum",params:{allowedValues: schema61.properties.page_numbers_position.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
if(data.header !== undefined){
if(typeof data.header !== "string"){
const err46 = {instancePath:instancePath+"/header",schemaPath:"#/properties/header/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data.footer !== undefined){
if(typeof data.footer !== "string"){
const err47 = {instancePath:instancePath+"/footer",schemaPath:"#/properties/footer/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
}
else {
const err48 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
validate128.errors = vErrors;
return errors === 0;
}
validate128.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateValidationSummary = validate129;

function validate129(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate129.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.errors === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "errors"},message:"must have required property '"+"errors"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.warnings === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "warnings"},message:"must have required property '"+"warnings"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.info === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "info"},message:"must have required property '"+"info"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "errors") || (key0 === "warnings")) || (key0 === "info"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.errors !== undefined){
let data0 = data.errors;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err4 = {instancePath:instancePath+"/errors",schemaPath:"#/properties/errors/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if((typeof data0 == "number") && (isFinite(data0))){
if(data0 < 0 || isNaN(data0)){
const err5 = {instancePath:instancePath+"/errors",schemaPath:"#/properties/errors/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
if(data.warnings !== undefined){
let data1 = data.warnings;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err6 = {instancePath:instancePath+"/warnings",schemaPath:"#/properties/warnings/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 0 || isNaN(data1)){
const err7 = {instancePath:instancePath+"/warnings",schemaPath:"#/properties/warnings/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
if(data.info !== undefined){
let data2 = data.info;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err8 = {instancePath:instancePath+"/info",schemaPath:"#/properties/info/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 < 0 || isNaN(data2)){
const err9 = {instancePath:instancePath+"/info",schemaPath:"#/properties/info/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
}
else {
const err10 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
validate129.errors = vErrors;
return errors === 0;
}
validate129.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateVersions = validate130;

function validate130(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate130.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.engine === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "engine"},message:"must have required property '"+"engine"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.renderer === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "renderer"},message:"must have required property '"+"renderer"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.model === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "model"},message:"must have required property '"+"model"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "engine") || (key0 === "renderer")) || (key0 === "model"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.engine !== undefined){
if(typeof data.engine !== "string"){
const err4 = {instancePath:instancePath+"/engine",schemaPath:"#/properties/engine/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.renderer !== undefined){
if(typeof data.renderer !== "string"){
const err5 = {instancePath:instancePath+"/renderer",schemaPath:"#/properties/renderer/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.model !== undefined){
let data2 = data.model;
if((typeof data2 !== "string") && (data2 !== null)){
const err6 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: schema69.properties.model.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
else {
const err7 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
validate130.errors = vErrors;
return errors === 0;
}
validate130.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateWebhookEndpoint = validate131;
const schema209 = {"description":"An endpoint of the project that receives webhooks.","type":"object","additionalProperties":false,"required":["id","object","url","event_types","created_at"],"properties":{"id":{"$ref":"#/$defs/WebhookEndpointId"},"object":{"const":"webhook_endpoint"},"url":{"description":"Address that receives the messages.","type":"string","format":"uri"},"event_types":{"description":"Kinds sent to this endpoint (all three when no filter was given).","type":"array","items":{"$ref":"#/$defs/WebhookEventType"}},"created_at":{"description":"When the endpoint was registered.","type":"string","format":"date-time"}}};
const schema210 = {"description":"Webhook endpoint id.","type":"string","pattern":"^we_[0-9A-HJKMNP-TV-Z]{26}$"};
const pattern49 = new RegExp("^we_[0-9A-HJKMNP-TV-Z]{26}$", "u");

function validate131(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate131.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.object === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "object"},message:"must have required property '"+"object"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.url === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.event_types === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "event_types"},message:"must have required property '"+"event_types"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.created_at === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "created_at"},message:"must have required property '"+"created_at"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "id") || (key0 === "object")) || (key0 === "url")) || (key0 === "event_types")) || (key0 === "created_at"))){
const err5 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(!pattern49.test(data0)){
const err6 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/WebhookEndpointId/pattern",keyword:"pattern",params:{pattern: "^we_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^we_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/WebhookEndpointId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.object !== undefined){
if("webhook_endpoint" !== data.object){
const err8 = {instancePath:instancePath+"/object",schemaPath:"#/properties/object/const",keyword:"const",params:{allowedValue: "webhook_endpoint"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.url !== undefined){
let data2 = data.url;
if(typeof data2 === "string"){
if(!(formats12(data2))){
const err9 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\""};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.event_types !== undefined){
let data3 = data.event_types;
if(Array.isArray(data3)){
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
let data4 = data3[i0];
if(typeof data4 !== "string"){
const err11 = {instancePath:instancePath+"/event_types/" + i0,schemaPath:"#/$defs/WebhookEventType/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(!(((data4 === "document.ready") || (data4 === "document.failed")) || (data4 === "document.canceled"))){
const err12 = {instancePath:instancePath+"/event_types/" + i0,schemaPath:"#/$defs/WebhookEventType/enum",keyword:"enum",params:{allowedValues: schema105.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
else {
const err13 = {instancePath:instancePath+"/event_types",schemaPath:"#/properties/event_types/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.created_at !== undefined){
let data5 = data.created_at;
if(typeof data5 === "string"){
if(!(formats0.validate(data5))){
const err14 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
else {
const err16 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
validate131.errors = vErrors;
return errors === 0;
}
validate131.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateWebhookEndpointCreated = validate132;
const schema212 = {"description":"A new endpoint, with its signing secret (shown only this once).","type":"object","additionalProperties":false,"required":["id","object","url","event_types","created_at","secret"],"properties":{"id":{"$ref":"#/$defs/WebhookEndpointId"},"object":{"const":"webhook_endpoint"},"url":{"description":"Address that receives the messages.","type":"string","format":"uri"},"event_types":{"description":"Kinds sent to this endpoint.","type":"array","items":{"$ref":"#/$defs/WebhookEventType"}},"created_at":{"description":"When the endpoint was registered.","type":"string","format":"date-time"},"secret":{"description":"Signing secret; the part after `whsec_` is the base64 HMAC key.","type":"string","pattern":"^whsec_"}}};
const pattern51 = new RegExp("^whsec_", "u");

function validate132(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate132.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.object === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "object"},message:"must have required property '"+"object"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.url === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.event_types === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "event_types"},message:"must have required property '"+"event_types"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.created_at === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "created_at"},message:"must have required property '"+"created_at"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.secret === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "secret"},message:"must have required property '"+"secret"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
for(const key0 in data){
if(!((((((key0 === "id") || (key0 === "object")) || (key0 === "url")) || (key0 === "event_types")) || (key0 === "created_at")) || (key0 === "secret"))){
const err6 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(!pattern49.test(data0)){
const err7 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/WebhookEndpointId/pattern",keyword:"pattern",params:{pattern: "^we_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^we_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/WebhookEndpointId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.object !== undefined){
if("webhook_endpoint" !== data.object){
const err9 = {instancePath:instancePath+"/object",schemaPath:"#/properties/object/const",keyword:"const",params:{allowedValue: "webhook_endpoint"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.url !== undefined){
let data2 = data.url;
if(typeof data2 === "string"){
if(!(formats12(data2))){
const err10 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\""};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.event_types !== undefined){
let data3 = data.event_types;
if(Array.isArray(data3)){
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
let data4 = data3[i0];
if(typeof data4 !== "string"){
const err12 = {instancePath:instancePath+"/event_types/" + i0,schemaPath:"#/$defs/WebhookEventType/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(!(((data4 === "document.ready") || (data4 === "document.failed")) || (data4 === "document.canceled"))){
const err13 = {instancePath:instancePath+"/event_types/" + i0,schemaPath:"#/$defs/WebhookEventType/enum",keyword:"enum",params:{allowedValues: schema105.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
else {
const err14 = {instancePath:instancePath+"/event_types",schemaPath:"#/properties/event_types/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.created_at !== undefined){
let data5 = data.created_at;
if(typeof data5 === "string"){
if(!(formats0.validate(data5))){
const err15 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.secret !== undefined){
let data6 = data.secret;
if(typeof data6 === "string"){
if(!pattern51.test(data6)){
const err17 = {instancePath:instancePath+"/secret",schemaPath:"#/properties/secret/pattern",keyword:"pattern",params:{pattern: "^whsec_"},message:"must match pattern \""+"^whsec_"+"\""};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/secret",schemaPath:"#/properties/secret/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
validate132.errors = vErrors;
return errors === 0;
}
validate132.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateWebhookEndpointDeleted = validate133;
const schema215 = {"description":"Confirmation of a deleted webhook endpoint.","type":"object","additionalProperties":false,"required":["id","object","deleted"],"properties":{"id":{"$ref":"#/$defs/WebhookEndpointId"},"object":{"const":"webhook_endpoint"},"deleted":{"const":true}}};

function validate133(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate133.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.object === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "object"},message:"must have required property '"+"object"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.deleted === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "deleted"},message:"must have required property '"+"deleted"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "id") || (key0 === "object")) || (key0 === "deleted"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(!pattern49.test(data0)){
const err4 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/WebhookEndpointId/pattern",keyword:"pattern",params:{pattern: "^we_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^we_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/WebhookEndpointId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.object !== undefined){
if("webhook_endpoint" !== data.object){
const err6 = {instancePath:instancePath+"/object",schemaPath:"#/properties/object/const",keyword:"const",params:{allowedValue: "webhook_endpoint"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.deleted !== undefined){
if(true !== data.deleted){
const err7 = {instancePath:instancePath+"/deleted",schemaPath:"#/properties/deleted/const",keyword:"const",params:{allowedValue: true},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate133.errors = vErrors;
return errors === 0;
}
validate133.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateWebhookEndpointId = validate134;

function validate134(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate134.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data === "string"){
if(!pattern49.test(data)){
const err0 = {instancePath,schemaPath:"#/pattern",keyword:"pattern",params:{pattern: "^we_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^we_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate134.errors = vErrors;
return errors === 0;
}
validate134.evaluated = {"dynamicProps":false,"dynamicItems":false};

export const validateWebhookEndpointList = validate135;
const schema218 = {"description":"A page of webhook endpoints, most recent first.","type":"object","additionalProperties":false,"required":["object","data","has_more","next_cursor"],"properties":{"object":{"const":"list"},"data":{"type":"array","items":{"$ref":"#/$defs/WebhookEndpoint"}},"has_more":{"description":"Whether another page follows.","type":"boolean"},"next_cursor":{"description":"Pass as `cursor` for the next page; null on the last page.","type":["string","null"]}}};

function validate135(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate135.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.object === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "object"},message:"must have required property '"+"object"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.data === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "data"},message:"must have required property '"+"data"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.has_more === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "has_more"},message:"must have required property '"+"has_more"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.next_cursor === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "next_cursor"},message:"must have required property '"+"next_cursor"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!((((key0 === "object") || (key0 === "data")) || (key0 === "has_more")) || (key0 === "next_cursor"))){
const err4 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.object !== undefined){
if("list" !== data.object){
const err5 = {instancePath:instancePath+"/object",schemaPath:"#/properties/object/const",keyword:"const",params:{allowedValue: "list"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.data !== undefined){
let data1 = data.data;
if(Array.isArray(data1)){
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
if(!(validate131(data1[i0], {instancePath:instancePath+"/data/" + i0,parentData:data1,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate131.errors : vErrors.concat(validate131.errors);
errors = vErrors.length;
}
}
}
else {
const err6 = {instancePath:instancePath+"/data",schemaPath:"#/properties/data/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.has_more !== undefined){
if(typeof data.has_more !== "boolean"){
const err7 = {instancePath:instancePath+"/has_more",schemaPath:"#/properties/has_more/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.next_cursor !== undefined){
let data4 = data.next_cursor;
if((typeof data4 !== "string") && (data4 !== null)){
const err8 = {instancePath:instancePath+"/next_cursor",schemaPath:"#/properties/next_cursor/type",keyword:"type",params:{type: schema218.properties.next_cursor.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
else {
const err9 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
validate135.errors = vErrors;
return errors === 0;
}
validate135.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateWebhookEvent = validate137;
const schema219 = {"description":"Body of a webhook message. The document's content is never sent.","type":"object","additionalProperties":false,"required":["type","timestamp","data"],"properties":{"type":{"$ref":"#/$defs/WebhookEventType"},"timestamp":{"description":"When the event happened.","type":"string","format":"date-time"},"data":{"$ref":"#/$defs/WebhookEventData"}}};
const schema221 = {"description":"The finished document, without content.","type":"object","additionalProperties":false,"required":["document_id","status","operation","format","retention","expires_at","error"],"properties":{"document_id":{"$ref":"#/$defs/DocumentId"},"status":{"$ref":"#/$defs/DocumentStatus"},"operation":{"$ref":"#/$defs/Operation"},"format":{"description":"The document's format; null when it was never decided.","anyOf":[{"$ref":"#/$defs/Format"},{"type":"null"}]},"retention":{"$ref":"#/$defs/Retention"},"expires_at":{"description":"When content is deleted.","type":["string","null"],"format":"date-time"},"error":{"description":"Why it failed; null unless `status` is `failed`.","anyOf":[{"$ref":"#/$defs/DocumentFailure"},{"type":"null"}]}}};

function validate138(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate138.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.document_id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "document_id"},message:"must have required property '"+"document_id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.status === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.operation === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "operation"},message:"must have required property '"+"operation"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.format === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "format"},message:"must have required property '"+"format"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.retention === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "retention"},message:"must have required property '"+"retention"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.expires_at === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "expires_at"},message:"must have required property '"+"expires_at"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.error === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
for(const key0 in data){
if(!(((((((key0 === "document_id") || (key0 === "status")) || (key0 === "operation")) || (key0 === "format")) || (key0 === "retention")) || (key0 === "expires_at")) || (key0 === "error"))){
const err7 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.document_id !== undefined){
let data0 = data.document_id;
if(typeof data0 === "string"){
if(!pattern16.test(data0)){
const err8 = {instancePath:instancePath+"/document_id",schemaPath:"#/$defs/DocumentId/pattern",keyword:"pattern",params:{pattern: "^doc_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^doc_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/document_id",schemaPath:"#/$defs/DocumentId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.status !== undefined){
let data1 = data.status;
if(typeof data1 !== "string"){
const err10 = {instancePath:instancePath+"/status",schemaPath:"#/$defs/DocumentStatus/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(!(((((((data1 === "queued") || (data1 === "running")) || (data1 === "ready")) || (data1 === "ready_with_warnings")) || (data1 === "needs_review")) || (data1 === "failed")) || (data1 === "canceled"))){
const err11 = {instancePath:instancePath+"/status",schemaPath:"#/$defs/DocumentStatus/enum",keyword:"enum",params:{allowedValues: schema60.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.operation !== undefined){
let data2 = data.operation;
if(typeof data2 !== "string"){
const err12 = {instancePath:instancePath+"/operation",schemaPath:"#/$defs/Operation/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(!((((data2 === "create") || (data2 === "review")) || (data2 === "edit")) || (data2 === "extract"))){
const err13 = {instancePath:instancePath+"/operation",schemaPath:"#/$defs/Operation/enum",keyword:"enum",params:{allowedValues: schema56.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.format !== undefined){
let data3 = data.format;
const _errs12 = errors;
let valid4 = false;
const _errs13 = errors;
if(typeof data3 !== "string"){
const err14 = {instancePath:instancePath+"/format",schemaPath:"#/$defs/Format/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(!(((((data3 === "docx") || (data3 === "pdf")) || (data3 === "pptx")) || (data3 === "xlsx")) || (data3 === "artifact"))){
const err15 = {instancePath:instancePath+"/format",schemaPath:"#/$defs/Format/enum",keyword:"enum",params:{allowedValues: schema57.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
var _valid0 = _errs13 === errors;
valid4 = valid4 || _valid0;
const _errs16 = errors;
if(data3 !== null){
const err16 = {instancePath:instancePath+"/format",schemaPath:"#/properties/format/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
var _valid0 = _errs16 === errors;
valid4 = valid4 || _valid0;
if(!valid4){
const err17 = {instancePath:instancePath+"/format",schemaPath:"#/properties/format/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
else {
errors = _errs12;
if(vErrors !== null){
if(_errs12){
vErrors.length = _errs12;
}
else {
vErrors = null;
}
}
}
}
if(data.retention !== undefined){
let data4 = data.retention;
if(typeof data4 !== "string"){
const err18 = {instancePath:instancePath+"/retention",schemaPath:"#/$defs/Retention/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(!(((((data4 === "none") || (data4 === "1d")) || (data4 === "7d")) || (data4 === "30d")) || (data4 === "90d"))){
const err19 = {instancePath:instancePath+"/retention",schemaPath:"#/$defs/Retention/enum",keyword:"enum",params:{allowedValues: schema71.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.expires_at !== undefined){
let data5 = data.expires_at;
if((typeof data5 !== "string") && (data5 !== null)){
const err20 = {instancePath:instancePath+"/expires_at",schemaPath:"#/properties/expires_at/type",keyword:"type",params:{type: schema221.properties.expires_at.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(typeof data5 === "string"){
if(!(formats0.validate(data5))){
const err21 = {instancePath:instancePath+"/expires_at",schemaPath:"#/properties/expires_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
if(data.error !== undefined){
let data6 = data.error;
const _errs24 = errors;
let valid7 = false;
const _errs25 = errors;
if(!(validate39(data6, {instancePath:instancePath+"/error",parentData:data,parentDataProperty:"error",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate39.errors : vErrors.concat(validate39.errors);
errors = vErrors.length;
}
var _valid1 = _errs25 === errors;
valid7 = valid7 || _valid1;
const _errs26 = errors;
if(data6 !== null){
const err22 = {instancePath:instancePath+"/error",schemaPath:"#/properties/error/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
var _valid1 = _errs26 === errors;
valid7 = valid7 || _valid1;
if(!valid7){
const err23 = {instancePath:instancePath+"/error",schemaPath:"#/properties/error/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
else {
errors = _errs24;
if(vErrors !== null){
if(_errs24){
vErrors.length = _errs24;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err24 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
validate138.errors = vErrors;
return errors === 0;
}
validate138.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate137(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate137.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.timestamp === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "timestamp"},message:"must have required property '"+"timestamp"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.data === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "data"},message:"must have required property '"+"data"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "type") || (key0 === "timestamp")) || (key0 === "data"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.type !== undefined){
let data0 = data.type;
if(typeof data0 !== "string"){
const err4 = {instancePath:instancePath+"/type",schemaPath:"#/$defs/WebhookEventType/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(!(((data0 === "document.ready") || (data0 === "document.failed")) || (data0 === "document.canceled"))){
const err5 = {instancePath:instancePath+"/type",schemaPath:"#/$defs/WebhookEventType/enum",keyword:"enum",params:{allowedValues: schema105.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.timestamp !== undefined){
let data1 = data.timestamp;
if(typeof data1 === "string"){
if(!(formats0.validate(data1))){
const err6 = {instancePath:instancePath+"/timestamp",schemaPath:"#/properties/timestamp/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/timestamp",schemaPath:"#/properties/timestamp/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.data !== undefined){
if(!(validate138(data.data, {instancePath:instancePath+"/data",parentData:data,parentDataProperty:"data",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate138.errors : vErrors.concat(validate138.errors);
errors = vErrors.length;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate137.errors = vErrors;
return errors === 0;
}
validate137.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateWebhookEventData = validate141;

function validate141(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate141.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.document_id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "document_id"},message:"must have required property '"+"document_id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.status === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.operation === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "operation"},message:"must have required property '"+"operation"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.format === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "format"},message:"must have required property '"+"format"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.retention === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "retention"},message:"must have required property '"+"retention"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.expires_at === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "expires_at"},message:"must have required property '"+"expires_at"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.error === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
for(const key0 in data){
if(!(((((((key0 === "document_id") || (key0 === "status")) || (key0 === "operation")) || (key0 === "format")) || (key0 === "retention")) || (key0 === "expires_at")) || (key0 === "error"))){
const err7 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.document_id !== undefined){
let data0 = data.document_id;
if(typeof data0 === "string"){
if(!pattern16.test(data0)){
const err8 = {instancePath:instancePath+"/document_id",schemaPath:"#/$defs/DocumentId/pattern",keyword:"pattern",params:{pattern: "^doc_[0-9A-HJKMNP-TV-Z]{26}$"},message:"must match pattern \""+"^doc_[0-9A-HJKMNP-TV-Z]{26}$"+"\""};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/document_id",schemaPath:"#/$defs/DocumentId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.status !== undefined){
let data1 = data.status;
if(typeof data1 !== "string"){
const err10 = {instancePath:instancePath+"/status",schemaPath:"#/$defs/DocumentStatus/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(!(((((((data1 === "queued") || (data1 === "running")) || (data1 === "ready")) || (data1 === "ready_with_warnings")) || (data1 === "needs_review")) || (data1 === "failed")) || (data1 === "canceled"))){
const err11 = {instancePath:instancePath+"/status",schemaPath:"#/$defs/DocumentStatus/enum",keyword:"enum",params:{allowedValues: schema60.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.operation !== undefined){
let data2 = data.operation;
if(typeof data2 !== "string"){
const err12 = {instancePath:instancePath+"/operation",schemaPath:"#/$defs/Operation/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(!((((data2 === "create") || (data2 === "review")) || (data2 === "edit")) || (data2 === "extract"))){
const err13 = {instancePath:instancePath+"/operation",schemaPath:"#/$defs/Operation/enum",keyword:"enum",params:{allowedValues: schema56.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.format !== undefined){
let data3 = data.format;
const _errs12 = errors;
let valid4 = false;
const _errs13 = errors;
if(typeof data3 !== "string"){
const err14 = {instancePath:instancePath+"/format",schemaPath:"#/$defs/Format/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(!(((((data3 === "docx") || (data3 === "pdf")) || (data3 === "pptx")) || (data3 === "xlsx")) || (data3 === "artifact"))){
const err15 = {instancePath:instancePath+"/format",schemaPath:"#/$defs/Format/enum",keyword:"enum",params:{allowedValues: schema57.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
var _valid0 = _errs13 === errors;
valid4 = valid4 || _valid0;
const _errs16 = errors;
if(data3 !== null){
const err16 = {instancePath:instancePath+"/format",schemaPath:"#/properties/format/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
var _valid0 = _errs16 === errors;
valid4 = valid4 || _valid0;
if(!valid4){
const err17 = {instancePath:instancePath+"/format",schemaPath:"#/properties/format/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
else {
errors = _errs12;
if(vErrors !== null){
if(_errs12){
vErrors.length = _errs12;
}
else {
vErrors = null;
}
}
}
}
if(data.retention !== undefined){
let data4 = data.retention;
if(typeof data4 !== "string"){
const err18 = {instancePath:instancePath+"/retention",schemaPath:"#/$defs/Retention/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(!(((((data4 === "none") || (data4 === "1d")) || (data4 === "7d")) || (data4 === "30d")) || (data4 === "90d"))){
const err19 = {instancePath:instancePath+"/retention",schemaPath:"#/$defs/Retention/enum",keyword:"enum",params:{allowedValues: schema71.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.expires_at !== undefined){
let data5 = data.expires_at;
if((typeof data5 !== "string") && (data5 !== null)){
const err20 = {instancePath:instancePath+"/expires_at",schemaPath:"#/properties/expires_at/type",keyword:"type",params:{type: schema221.properties.expires_at.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(typeof data5 === "string"){
if(!(formats0.validate(data5))){
const err21 = {instancePath:instancePath+"/expires_at",schemaPath:"#/properties/expires_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
if(data.error !== undefined){
let data6 = data.error;
const _errs24 = errors;
let valid7 = false;
const _errs25 = errors;
if(!(validate39(data6, {instancePath:instancePath+"/error",parentData:data,parentDataProperty:"error",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate39.errors : vErrors.concat(validate39.errors);
errors = vErrors.length;
}
var _valid1 = _errs25 === errors;
valid7 = valid7 || _valid1;
const _errs26 = errors;
if(data6 !== null){
const err22 = {instancePath:instancePath+"/error",schemaPath:"#/properties/error/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
var _valid1 = _errs26 === errors;
valid7 = valid7 || _valid1;
if(!valid7){
const err23 = {instancePath:instancePath+"/error",schemaPath:"#/properties/error/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
else {
errors = _errs24;
if(vErrors !== null){
if(_errs24){
vErrors.length = _errs24;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err24 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
validate141.errors = vErrors;
return errors === 0;
}
validate141.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const validateWebhookEventType = validate143;

function validate143(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate143.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(typeof data !== "string"){
const err0 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(!(((data === "document.ready") || (data === "document.failed")) || (data === "document.canceled"))){
const err1 = {instancePath,schemaPath:"#/enum",keyword:"enum",params:{allowedValues: schema105.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate143.errors = vErrors;
return errors === 0;
}
validate143.evaluated = {"dynamicProps":false,"dynamicItems":false};
